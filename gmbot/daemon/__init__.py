"""The runners that compose the flows of gmbot/service: the tick (loop.py) that reads mail,
fires deadlines and drains the outbox; the APScheduler daemon (schedule.py); the spool
worker of piped mail (drain.py); the cheap "is there anything to do" check of a cold tick
(idle.py) and what a tick prints (report.py). Each step is its own transaction(s)."""

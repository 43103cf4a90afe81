"""Votes on how a game ends, a game use case beside the GM's: casting and withdrawing a
vote (cast.py), reading it from a command's words (motion.py), and showing the standing
votes as the viewer may see them (show.py). Counting them and ending the game is the
deadline flow's (gmbot/service/deadline/ballot.py), which also counts after each phase."""

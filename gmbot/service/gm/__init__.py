"""The GM's side: what a game master does, by the game file, by mail or on the command line.

    1. load.py         load (create or update) a game from its YAML file
       file_check.py   the file checked against its variant and map first
    2. credentials.py  the players' and the GM's secrets, and their welcome mails
    3. admin.py        PROCESS, EXTEND, PAUSE, RESUME, ROLLBACK, REPLACE, DRAW
    4. announce.py     every player told of each GM action
"""

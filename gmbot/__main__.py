from gmbot.cli import main

main()

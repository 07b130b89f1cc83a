"""`python -m game` starts the game."""

import multiprocessing

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from game.main import main

    main()

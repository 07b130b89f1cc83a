"""Entry script: `python main.py` starts the game."""

import multiprocessing

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the solver's worker process inside a frozen executable
    from game.main import main

    main()

"""The help pages in English, each paragraph marked for the catalogs with its page as its key
(game/text/messages.py says how; every other language's words are its catalog's): paragraphs,
wrapped to the window's width when drawn; a paragraph starting with "# " is a heading (a
translation keeps the "# "). The gamepad's buttons are `{a}`, `{b}`... (game.text.help_lines names
them as the player's pad prints them): each stands for the action the default layout gives that
button ({a}: confirm), so the player's own button for it is named there. The keys and buttons of
the controls page are the player's own: `{keys_undo}`, `{pad_moves}`... (game/input/names.py),
CONTROL_WORDS when none are given."""

from __future__ import annotations

from game.text.catalogs import N_, Message

# The words of the default controls (game/core/controls.py), as game/input/names.py says them;
# the README's table says the same, and a test holds all three together.
CONTROL_WORDS: dict[str, str] = {
    "keys_up": "↑, W, K",
    "keys_down": "↓, S, J",
    "keys_left": "←, A, H",
    "keys_right": "→, D, L",
    "keys_confirm": "Enter, Num Enter, Space",
    "keys_undo": "U, Backspace",
    "keys_new_game": "N",
    "keys_hint": "T",
    "keys_autoplay": "P",
    "keys_help": "F1",
    "keys_mute": "M",
    "keys_fullscreen": "F11",
    "pad_up": "D-pad ↑",
    "pad_down": "D-pad ↓",
    "pad_left": "D-pad ←",
    "pad_right": "D-pad →",
    "pad_confirm": "A",
    "pad_undo": "B",
    "pad_new_game": "Y",
    "pad_hint": "X",
    "pad_autoplay": "",
    "pad_help": "Back",
    "pad_mute": "",
    "pad_fullscreen": "",
    "keys_moves": "↑←↓→, WASD, KHJL",
    "pad_moves": "D-pad",
    "pad_more": "",  # the pad's buttons for actions the default layout gives none
}

HELP: dict[str, tuple[Message, ...]] = {
    "controls": (
        N_("help_page_controls", "# Keyboard"),
        N_("help_page_controls", "{keys_moves}: move · {keys_confirm}: confirm"),
        N_("help_page_controls", "{keys_undo} or Ctrl+Z: undo"),
        N_(
            "help_page_controls",
            "{keys_new_game}: new game · {keys_hint}: hint · {keys_autoplay}: autoplay",
        ),
        N_("help_page_controls", "Esc: menu · {keys_help} or ?: help · {keys_mute}: sound"),
        N_("help_page_controls", "{keys_fullscreen} or Alt+Enter: fullscreen · Ctrl+Q: quit"),
        N_("help_page_controls", "# Gamepad"),
        N_("help_page_controls", "{pad_moves} or left stick: move · {a}: confirm"),
        N_("help_page_controls", "{b}: back / undo · {x}: hint · {y}: new game"),
        N_("help_page_controls", "{start}: menu · {back}: help"),
        N_("help_page_controls", "{pad_more}"),
        N_("help_page_controls", "# Mouse and touch"),
        N_("help_page_controls", "Swipe or drag on the board to move"),
        N_("help_page_controls", "Click the buttons and menu items"),
        N_(
            "help_page_controls",
            "Settings, Controls: your own keys and buttons. Esc, Start, Tab, Home/End, +/−, "
            "{lb}/{rb} and the Ctrl and Alt shortcuts stay as they are.",
        ),
    ),
    "rules": (
        N_("help_page_rules", "# The rules in short"),
        N_("help_page_rules", "Every move slides all tiles as far as they go."),
        N_(
            "help_page_rules",
            "Two equal tiles that meet merge into one of twice the value; a tile merges at most "
            "once a move.",
        ),
        N_(
            "help_page_rules",
            "After every move that changes the board, a 2 (or, one time in ten, a 4) appears in "
            "an empty cell.",
        ),
        N_("help_page_rules", "Each merge adds the new tile's value to the score."),
        N_("help_page_rules", "Make a 2048 tile to win, then keep going if you like."),
        N_("help_page_rules", "The game ends when no move changes the board."),
        N_("help_page_rules", "Five undos a game take back your last moves."),
    ),
    "strategy": (
        N_("help_page_strategy", "# Four mistakes that end games early"),
        N_(
            "help_page_strategy",
            "Using all four directions freely: keep two, use a third rarely and the fourth almost "
            "never.",
        ),
        N_(
            "help_page_strategy",
            "Chasing every merge: a merge in the middle often pulls your structure apart for one "
            "tile.",
        ),
        N_(
            "help_page_strategy",
            "Letting a small tile get trapped among big ones: deal with it while it still has a "
            "neighbour.",
        ),
        N_(
            "help_page_strategy",
            "Moving fast on a nearly full board: with two or three cells left, slow down.",
        ),
    ),
    "solver": (
        N_("help_page_solver", "# How the built-in solver works"),
        N_(
            "help_page_solver",
            "It looks ahead: each of your moves, then every cell where a new tile could appear, "
            "as a 2 or a 4, weighted by how likely each is (expectimax).",
        ),
        N_(
            "help_page_solver",
            "It scores the boards it reaches by empty cells, rows that rise or fall steadily, "
            "merges waiting, and big tiles kept on an edge.",
        ),
        N_(
            "help_page_solver",
            "It thinks deeper while time allows, in a separate process, so the game never "
            "stutters.",
        ),
        N_("help_page_solver", "{search}"),
        N_(
            "help_page_solver",
            "Games played with hints or autoplay are kept apart from your own records.",
        ),
    ),
    "practice": (
        N_("help_page_practice", "# Practise mistakes"),
        N_(
            "help_page_practice",
            "On a game's card, in Games: your mistakes and blunders, the worst first. Make your "
            "move: it is graded as the review grades, with the review's figures.",
        ),
        N_(
            "help_page_practice",
            "Your answers are kept: the positions you missed come first the next time.",
        ),
        N_("help_page_practice", "# Play from here"),
        N_(
            "help_page_practice",
            "In a replay or a review: a new game from the board shown, with its score and five "
            "undos. It counts apart from your own games, as one with hints does.",
        ),
    ),
}


# The review's help page (R23): how moves are graded. The numbers are filled in from
# game/kept_games/review/grading.py, where the grades' bounds live (review.help_lines).
REVIEW_HELP: tuple[Message, ...] = (
    N_("help_page_review", "# How the review grades your moves"),
    N_(
        "help_page_review",
        "Before each move the solver scores all four directions, {depth} moves ahead ({deep} or "
        "more for one that looks costly). A move's loss is how far it falls below the best, "
        "counted in your biggest tile: 1.0 is what pulling it one cell off its edge costs, so a "
        "loss means the same early and late.",
    ),
    N_(
        "help_page_review",
        "Best: the solver's choice, or as good · Good: under {inaccuracy} · Inaccuracy: up to "
        "{mistake} · Mistake: up to {blunder} · Blunder: {blunder} or more.",
    ),
    N_(
        "help_page_review",
        "The four mistakes count only moves graded an inaccuracy or worse; fast on a full board, "
        "a mistake or worse made in under {seconds} s.",
    ),
    N_("help_page_review", "# Replay and review"),
    N_(
        "help_page_review",
        "←/→ or the D-pad: step · Space or {a}: play · Home/End or {lb}/{rb}: start, end · +/− or "
        "↑/↓: speed · Esc or {b}: back",
    ),
)


# What a mistake costs, in games played on (R23): the method and its rule. The numbers are
# filled in from game/kept_games/review/costs.py (move_costs.help_lines).
COSTS_HELP: tuple[Message, ...] = (
    N_("help_page_costs", "# Games played on after a mistake"),
    N_(
        "help_page_costs",
        "For your mistakes and blunders (the {worst} worst) and the solver's better move, the "
        "solver plays {games} games on, {moves} moves each, {depth} moves ahead, on the same new "
        "tiles (bigger boards, or no compiled solver: {few} games, {shallow} ahead).",
    ),
    N_(
        "help_page_costs",
        "Shown: how many games made the next tile above your biggest in the solver's hands, not "
        "your chance; where both made it {sure}% of the time or at most {unsure}%, how many still "
        "went on after {moves} moves.",
    ),
    N_(
        "help_page_costs",
        "Else, the moves the games lasted on average. Within {points} points or {lasted} moves "
        'they cannot tell the moves apart: "no clear difference". They never change a grade.',
    ),
    N_(
        "help_page_costs",
        "About a second a move on 4×4, seconds on bigger boards.",
    ),
)

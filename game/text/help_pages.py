"""The help pages in English and Greek: paragraphs, wrapped to the window's width when
drawn; a paragraph starting with "# " is a heading. The gamepad's buttons are `{a}`, `{b}`...
(game.text.help_lines names them as the player's pad prints them): each stands for the action
the default layout gives that button ({a}: confirm), so the player's own button for it is named
there. The keys and buttons of the controls page are the player's own: `{keys_undo}`,
`{pad_moves}`... (game/input/names.py), CONTROL_WORDS when none are given."""

from __future__ import annotations

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

HELP: dict[str, dict[str, list[str]]] = {
    "en": {
        "controls": [
            "# Keyboard",
            "{keys_moves}: move · {keys_confirm}: confirm",
            "{keys_undo} or Ctrl+Z: undo",
            "{keys_new_game}: new game · {keys_hint}: hint · {keys_autoplay}: autoplay",
            "Esc: menu · {keys_help} or ?: help · {keys_mute}: sound",
            "{keys_fullscreen} or Alt+Enter: fullscreen · Ctrl+Q: quit",
            "# Gamepad",
            "{pad_moves} or left stick: move · {a}: confirm",
            "{b}: back / undo · {x}: hint · {y}: new game",
            "{start}: menu · {back}: help",
            "{pad_more}",
            "# Mouse and touch",
            "Swipe or drag on the board to move",
            "Click the buttons and menu items",
            "Settings, Controls: your own keys and buttons. Esc, Start, Tab, Home/End, +/−, "
            "{lb}/{rb} and the Ctrl and Alt shortcuts stay as they are.",
        ],
        "rules": [
            "# The rules in short",
            "Every move slides all tiles as far as they go.",
            "Two equal tiles that meet merge into one of twice the value; a tile merges at most "
            "once a move.",
            "After every move that changes the board, a 2 (or, one time in ten, a 4) appears in "
            "an empty cell.",
            "Each merge adds the new tile's value to the score.",
            "Make a 2048 tile to win, then keep going if you like.",
            "The game ends when no move changes the board.",
            "Five undos a game take back your last moves.",
        ],
        "strategy": [
            "# Four mistakes that end games early",
            "Using all four directions freely: keep two, use a third rarely and the fourth "
            "almost never.",
            "Chasing every merge: a merge in the middle often pulls your structure apart for "
            "one tile.",
            "Letting a small tile get trapped among big ones: deal with it while it still has "
            "a neighbour.",
            "Moving fast on a nearly full board: with two or three cells left, slow down.",
        ],
        "solver": [
            "# How the built-in solver works",
            "It looks ahead: each of your moves, then every cell where a new tile could appear, "
            "as a 2 or a 4, weighted by how likely each is (expectimax).",
            "It scores the boards it reaches by empty cells, rows that rise or fall steadily, "
            "merges waiting, and big tiles kept on an edge.",
            "It thinks deeper while time allows, in a separate process, so the game never "
            "stutters.",
            "{search}",
            "Games played with hints or autoplay are kept apart from your own records.",
        ],
        "practice": [
            "# Practise mistakes",
            "On a game's card, in Games: your mistakes and blunders, the worst first. Make "
            "your move: it is graded as the review grades, with the review's figures.",
            "Your answers are kept: the positions you missed come first the next time.",
            "# Play from here",
            "In a replay or a review: a new game from the board shown, with its score and five "
            "undos. It counts apart from your own games, as one with hints does.",
        ],
    },
    "el": {
        "controls": [
            "# Πληκτρολόγιο",
            "{keys_moves}: κίνηση · {keys_confirm}: επιλογή",
            "{keys_undo} ή Ctrl+Z: αναίρεση",
            "{keys_new_game}: νέο παιχνίδι · {keys_hint}: υπόδειξη · {keys_autoplay}: αυτόματο",
            "Esc: μενού · {keys_help} ή ?: βοήθεια · {keys_mute}: ήχος",
            "{keys_fullscreen} ή Alt+Enter: πλήρης οθόνη · Ctrl+Q: έξοδος",
            "# Χειριστήριο",
            "{pad_moves} ή αριστερός μοχλός: κίνηση · {a}: επιλογή",
            "{b}: πίσω / αναίρεση · {x}: υπόδειξη · {y}: νέο",
            "{start}: μενού · {back}: βοήθεια",
            "{pad_more}",
            "# Ποντίκι και αφή",
            "Σύρετε πάνω στην πλάκα για κίνηση",
            "Πατήστε τα κουμπιά και τα στοιχεία του μενού",
            "Ρυθμίσεις, Χειρισμοί: δικά σας πλήκτρα και κουμπιά. Esc, Start, Tab, Home/End, "
            "+/−, {lb}/{rb}, Ctrl και Alt μένουν ίδια.",
        ],
        "rules": [
            "# Οι κανόνες σύντομα",
            "Κάθε κίνηση σύρει όλα τα πλακίδια όσο πάνε.",
            "Δύο ίσα πλακίδια που συναντιούνται ενώνονται σε ένα διπλάσιο· κάθε πλακίδιο "
            "ενώνεται μία φορά ανά κίνηση.",
            "Μετά από κάθε κίνηση που αλλάζει την πλάκα εμφανίζεται ένα 2 (ή, μία φορά στις "
            "δέκα, ένα 4) σε κενό κελί.",
            "Κάθε ένωση προσθέτει την αξία του νέου πλακιδίου στο σκορ.",
            "Φτιάξτε ένα 2048 για να νικήσετε, και συνεχίστε αν θέλετε.",
            "Το παιχνίδι τελειώνει όταν καμία κίνηση δεν αλλάζει την πλάκα.",
            "Πέντε αναιρέσεις ανά παιχνίδι παίρνουν πίσω τις τελευταίες κινήσεις σας.",
        ],
        "strategy": [
            "# Τέσσερα λάθη που τερματίζουν πρόωρα",
            "Ελεύθερη χρήση και των τεσσάρων κατευθύνσεων: κρατήστε δύο, μια τρίτη σπάνια, "
            "την τέταρτη σχεδόν ποτέ.",
            "Το κυνήγι κάθε ένωσης: μια ένωση στη μέση συχνά χαλά τη δομή για ένα μόνο πλακίδιο.",
            "Ένα μικρό πλακίδιο εγκλωβισμένο ανάμεσα σε μεγάλα: χειριστείτε το όσο έχει ακόμα "
            "γείτονα.",
            "Γρήγορες κινήσεις σε σχεδόν γεμάτη πλάκα: με δύο ή τρία κενά κελιά, επιβραδύνετε.",
        ],
        "solver": [
            "# Πώς δουλεύει ο επιλυτής",
            "Κοιτάζει μπροστά: κάθε κίνησή σας, μετά κάθε κελί όπου μπορεί να εμφανιστεί νέο "
            "πλακίδιο, 2 ή 4, σταθμισμένο με την πιθανότητά του (expectimax).",
            "Βαθμολογεί τις πλάκες με τα κενά κελιά, τις σειρές που ανεβαίνουν ή κατεβαίνουν "
            "σταθερά, τις ενώσεις που περιμένουν, και τα μεγάλα πλακίδια στην άκρη.",
            "Σκέφτεται βαθύτερα όσο επιτρέπει ο χρόνος, σε χωριστή διεργασία, ώστε το παιχνίδι "
            "να μην κολλά ποτέ.",
            "{search}",
            "Παιχνίδια με υπόδειξη ή αυτόματο παιχνίδι μετρούν χωριστά από τα δικά σας ρεκόρ.",
        ],
        "practice": [
            "# Εξάσκηση στα λάθη",
            "Στην καρτέλα ενός παιχνιδιού: τα λάθη και οι γκάφες σας, τα χειρότερα πρώτα. "
            "Κάντε την κίνησή σας: βαθμολογείται όπως στην ανάλυση, με τα ποσοστά της.",
            "Οι απαντήσεις κρατιούνται: όσες θέσεις χάσατε έρχονται πρώτες την επόμενη φορά.",
            "# Παίξτε από εδώ",
            "Σε επανάληψη ή ανάλυση: νέο παιχνίδι από αυτή την πλάκα, με το σκορ της και πέντε "
            "αναιρέσεις. Μετρά χωριστά από τα δικά σας, όπως ένα με υποδείξεις.",
        ],
    },
}


# The review's help page (R23): how moves are graded. The numbers are filled in from
# game/kept_games/review/grading.py, where the grades' bounds live (review.help_lines).
REVIEW_HELP: dict[str, list[str]] = {
    "en": [
        "# How the review grades your moves",
        "Before each move the solver scores all four directions, {depth} moves ahead ({deep} "
        "for one that looks costly). A move's loss is how far it falls below the best, "
        "counted in your biggest tile: 1.0 is what pulling it one cell off its edge costs, so "
        "a loss means the same early and late.",
        "Best: the solver's choice, or as good · Good: under {inaccuracy} · Inaccuracy: up to "
        "{mistake} · Mistake: up to {blunder} · Blunder: {blunder} or more.",
        "The four mistakes count only moves graded an inaccuracy or worse; fast on a full "
        "board, a mistake or worse made in under {seconds} s.",
        "# Replay and review",
        "←/→ or the D-pad: step · Space or {a}: play · Home/End or {lb}/{rb}: start, end · "
        "+/− or ↑/↓: speed · Esc or {b}: back",
    ],
    "el": [
        "# Πώς η ανάλυση βαθμολογεί τις κινήσεις σας",
        "Πριν από κάθε κίνηση ο επιλυτής βαθμολογεί και τις τέσσερις κατευθύνσεις, {depth} "
        "κινήσεις μπροστά ({deep} για όποια μοιάζει ακριβή). Η απώλεια μιας κίνησης είναι "
        "πόσο υπολείπεται της καλύτερης, μετρημένη στο μεγαλύτερο πλακίδιό σας: 1,0 κοστίζει "
        "να φύγει ένα κελί από την άκρη, έτσι σημαίνει το ίδιο νωρίς και αργά.",
        "Καλύτερη: η επιλογή του επιλυτή, ή εξίσου καλή · Καλή: κάτω από {inaccuracy} · "
        "Ανακρίβεια: ως {mistake} · Λάθος: ως {blunder} · Γκάφα: {blunder} ή περισσότερο.",
        "Τα τέσσερα λάθη μετρούν μόνο ανακρίβειες ή χειρότερα· η βιασύνη, λάθη σε κάτω από "
        "{seconds} δ.",
        "# Επανάληψη και ανάλυση",
        "←/→ ή D-pad: βήμα · Space ή {a}: παίξε · Home/End ή {lb}/{rb}: αρχή, τέλος · "
        "+/− ή ↑/↓: ταχύτητα · Esc ή {b}: πίσω",
    ],
}


# What a mistake costs, in games played on (R23): the method and its rule. The numbers are
# filled in from game/kept_games/review/costs.py (move_costs.help_lines).
COSTS_HELP: dict[str, list[str]] = {
    "en": [
        "# Games played on after a mistake",
        "For your moves graded a mistake or a blunder (the {worst} worst) and for the solver's "
        "better move, the solver plays {games} games on, {moves} moves each, {depth} moves "
        "ahead. Both moves get the same new tiles: the figures are the same every time.",
        "Shown: how many games made the next tile above your biggest in the solver's hands, "
        "not a chance promised to you; where both made it {sure}% of the time, how many were "
        "still going after {moves} moves.",
        'Within {points} points the games cannot tell the moves apart: "no clear '
        'difference". They never change a grade.',
        "A move takes about a tenth of a second on 4×4, seconds on bigger boards.",
    ],
    "el": [
        "# Παιχνίδια που συνεχίζουν μετά από ένα λάθος",
        "Για τις κινήσεις σας που βαθμολογήθηκαν λάθος ή γκάφα (τις {worst} χειρότερες) και "
        "για την καλύτερη κίνηση, ο επιλυτής συνεχίζει {games} παιχνίδια, {moves} κινήσεις το "
        "καθένα, {depth} κινήσεις μπροστά. Και οι δύο παίρνουν τα ίδια νέα πλακίδια: τα "
        "νούμερα βγαίνουν πάντα ίδια.",
        "Δείχνει πόσα έφτασαν στο επόμενο πλακίδιο πάνω από το μεγαλύτερό σας, στα χέρια του "
        "επιλυτή, όχι δικές σας πιθανότητες· όπου και οι δύο το έφτασαν στο {sure}%, πόσα "
        "έπαιζαν ακόμα μετά από {moves} κινήσεις.",
        "Κάτω από {points} μονάδες: «καμία σαφής διαφορά». Ο βαθμός δεν αλλάζει.",
        "Μια κίνηση θέλει περίπου ένα δέκατο του δευτερολέπτου στο 4×4, δευτερόλεπτα σε "
        "μεγαλύτερες πλάκες.",
    ],
}

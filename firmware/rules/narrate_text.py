# The log's words every ruleset shares (English): firmware/rules/narrate.py. narrate_text_es.py
# has the same keys in Spanish (tests/board/test_narration.py checks every key is there).
MESSAGES = {
    "seat": "Seat %d",
    "dice": "The dice",
    "space": "space %d",
    "off_board": "off the board",
    "piece": "piece %d",
    "piece_of": "the %s of seat %d",
    "piece_to": "%s to %s",
    "decided": "%s, %s: %s.",
    "secret": "%s enters %s in secret.",
    "over": "Game over: %s wins.",
    "over_none": "Game over: no player wins.",
    "and": "%s and %s",
}

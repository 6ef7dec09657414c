# The race's names (English).
MESSAGES = {
    "kinds": ("", "who starts", "set your speed", "move your runner", "game over"),
}

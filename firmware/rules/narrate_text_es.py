# Las palabras del registro que comparten todos los juegos (firmware/rules/narrate.py).
MESSAGES = {
    "seat": "Jugador %d",
    "dice": "Los dados",
    "space": "espacio %d",
    "off_board": "fuera del tablero",
    "piece": "pieza %d",
    "piece_of": "%s del jugador %d",
    "piece_to": "%s a %s",
    "decided": "%s, %s: %s.",
    "secret": "%s marca %s en secreto.",
    "over": "Fin de la partida: gana %s.",
    "over_none": "Fin de la partida: no gana ningún jugador.",
    "and": "%s y %s",
}

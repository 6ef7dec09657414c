# Spanish catalogue: the same keys as en.py (tests/board/test_language.py checks it).
# Terms from the Spanish rulebook (../shared/rules/my-little-scythe.es.txt):
#   actions Mover, Buscar, Pasteles horneados, Conjurar hechizo, Encendido (its names for Move,
#   Seek, Bake Pies, Conjure Spell, Power Up); sections Mover / Hacer; Buscador, manzana, gema,
#   ficha de mision, hechizo magico, pastel, amistad, mision, "No, gracias", rejuvenecer,
#   pelea de tartas, campamento base, mosaico de configuracion, gran final, reino;
#   trophies "2 misiones", entrega de manzanas / de gemas, pelea de tartas.
# Not in the rulebook (its trophy list is cut short; kingdoms are not named): the other trophy
# names follow the rulebook's words (8 de amistad, 2 encendidos, 3 hechizos, 8 pasteles), the
# kingdoms are plain translations (Aguila, Tigre).
# Plain ASCII on purpose: the display's 8x8 font and the serial protocol (printable ASCII
# lines) carry no accents, so "mision", "opcion", "Aguila" are written without them.
MESSAGES = {
    # names
    "actions": ("Mover", "Buscar (primero)", "Buscar (segundo)", "Pasteles horneados", "Conjurar hechizo",
                "Encendido"),
    "trophys": ("8 de amistad", "2 encendidos", "3 hechizos", "2 misiones", "Entrega de manzanas",
                "Entrega de gemas", "Victoria en pelea de tartas", "8 pasteles", "Sin trofeo"),
    "goods": ("manzana", "gema", "ficha de mision"),
    "kingdoms": ("Aguila", "Tigre", "Reino 3", "Reino 4", "Reino 5", "Reino 6", "Reino 7"),
    "sections": ("Mover", "Hacer"),
    "terms": ("", "pagar manzanas", "pagar gemas", "ganar manzanas", "ganar gemas", "dar manzanas",
              "dar gemas", "ganar pasteles", "perder pasteles", "ganar amistad", "perder amistad",
              "ganar hechizos", "descartar hechizos", "encendido"),
    "kinds": ("", "orientacion del mosaico de configuracion", "espacio del mosaico de configuracion",
              "repartir un hechizo", "repartir una personalidad", "primer jugador", "elegir una accion",
              "elegir un trofeo", "mover un Buscador", "que llevaba", "apuesta de pelea de tartas",
              "rejuvenecer", "robar un hechizo", "tomar una mision", "robar una carta de mision",
              "opcion de mision", "indicar la carta", "pagar desde", "colocar en",
              "tirar un dado de busqueda", "colocar una ficha descubierta", "pila de encendido",
              "robar una ficha", "quedarse una ficha", "descartar un hechizo", "fin de la partida",
              "gemas llevadas", "hechizo para la pelea de tartas", "cuantos"),
    # prompts
    "prompt.action": "%s: elige una accion",
    "prompt.move": "%s: levanta un Buscador y ponlo en un espacio iluminado",
    "prompt.carry": "%s: que llevaba el Buscador?",
    "prompt.bid": "%s: marca tus pasteles y hechizos en el dial y bloquea",
    "prompt.rejuvenate": "%s se rejuvenece: un hechizo magico o 2 pasteles?",
    "prompt.trophy": "%s: elige un trofeo para colocar",
    "prompt.quest_pick": "%s: toma la mision de un espacio iluminado, o pasa",
    "prompt.quest_option": "%s: opcion 1, opcion 2 o No, gracias",
    "prompt.state_term": "%s: indica al tablero lo que cuesta y da la opcion de la carta",
    "prompt.pay_from": "%s: toma la %s de un espacio iluminado",
    "prompt.place_on": "%s: pon la %s en un espacio iluminado",
    "prompt.seek_place": "%s: toca con la varita donde va la %s",
    "prompt.pu_section": "%s: encendido de Mover o de Hacer?",
    "prompt.pu_keep": "%s: quedate una ficha",
    "prompt.discard_spell": "%s: descarta un hechizo",
    "prompt.finale": "Gran final: los demas jugadores juegan un ultimo turno",
    "prompt.winner": "%s gana!",
    "prompt.game_over": "Fin de la partida",
    "prompt.winners": "gana: jugador %s",
    "prompt.dice": "dados",
    "prompt.seat": "jugador %d",
    # errors
    "rules": "error de reglas",
    "illegal": "no es una opcion legal ahora (decision %s, opcion %s)",
    "game_over": "la partida ha terminado (opcion %s)",
    "not_your_decision": "el jugador %s no puede decidir ahora: se espera a %s",
    "nothing_to_undo": "nada que deshacer",
    "no_options": "error interno: la decision %s no tiene opciones",
    "corrupt_state": "la partida guardada no se puede leer: %s",
    "bad_board": "la definicion del tablero es incorrecta: %s",
    "bad_content": "los datos de las cartas son incorrectos: %s",
    "bad_setup": "estas opciones de juego no estan permitidas: %s",
    "bad_players": "My Little Scythe se juega aqui de 2 a 6 jugadores, no %s",
    "bad_camps": "los sitios de campamento base %s no corresponden al numero de jugadores",
    "bad_kingdoms": "los reinos %s no corresponden al numero de jugadores",
}

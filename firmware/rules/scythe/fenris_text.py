# Why The Rise of Fenris options are refused together (fenris.CLASHES), in the language in use
# (English and Spanish): loaded only to refuse a new game, never in a game. The quotes are the
# rulebook's (../shared/rules/scythe-rise-of-fenris.txt, Module Chart and Desolation Setup).
from firmware.text import language

REASONS = {
    "en": ("Rivals is incompatible with the Peace Triumph Track (Module Chart)",
           "the War and Peace Triumph Tracks and the Triumph Tiles each overlay the one Triumph Track:"
           " choose one",
           "Desolation: do not use alternative Triumph Tracks, Rivals, or Mad Tesla",
           "Desolation already uses the Triumph Tiles (all 21 of them)",
           "there is one Tesla miniature: Tesla, Mad Tesla and the Desolation each need it",
           "harder is the Desolation's variant: add desolation",
           "this module of The Rise of Fenris is not implemented yet",
           "search is Episode 7's Search for Tesla: add tesla",
           "newera is Episode 8a's A New Era: add tiles and tesla",
           "Episode 8a's A New Era begins with Tesla found and its stars on the map: not with search"
           " nor Rivals",
           "Episode 4's Fenris agents are not played with Tesla, Mad Tesla or the Desolation yet",
           "warsetup is Episode 2a's setup: add war",
           "Episode 1's revealed objective is played beside the base Triumph Track (no other track,"
           " Rivals, the Desolation nor A New Era), and not yet with Episode 5's Factory Fortress",
           "Episode 5's Factory Fortress is not played with Tesla, Mad Tesla, the Desolation, Episode 4's"
           " agents, the Fenris faction (its Influence tokens are the same tokens) nor Rivals yet",
           "Episode 3's search for Vesna is played before Vesna and Fenris are found: not with them,"
           " Tesla, Mad Tesla, the Desolation nor Episodes 1, 4 and 5 yet",
           "owned is a campaign episode's Mods from the Campaign Log: add mechmods or infra"),
    "es": ("Rivales es incompatible con el Marcador de Triunfos de la Paz (tabla de módulos)",
           "los Marcadores de Triunfos de la Guerra y de la Paz y las Losetas de Triunfo cubren el único"
           " Marcador de Triunfos: elige uno",
           "Desolación: no uses Marcadores de Triunfos alternativos, Rivales ni Tesla Loco",
           "Desolación ya usa las Losetas de Triunfo (las 21)",
           "hay una sola miniatura de Tesla: Tesla, Tesla Loco y la Desolación la necesitan",
           "harder es la variante de la Desolación: añade desolation",
           "este módulo de The Rise of Fenris aún no está implementado",
           "search es la búsqueda de Tesla del episodio 7: añade tesla",
           "newera es la Nueva Era del episodio 8a: añade tiles y tesla",
           "la Nueva Era del episodio 8a empieza con Tesla encontrado y sus estrellas en el mapa: ni"
           " con search ni con Rivales",
           "los agentes de Fenris del episodio 4 aún no se juegan con Tesla, Tesla Loco ni la Desolación",
           "warsetup es la preparación del episodio 2a: añade war",
           "el objetivo revelado del episodio 1 se juega junto al Marcador de Triunfos básico (ni otro"
           " marcador, ni Rivales, ni la Desolación, ni la Nueva Era), y aún no con la Fortaleza de la"
           " Fábrica del episodio 5",
           "la Fortaleza de la Fábrica del episodio 5 aún no se juega con Tesla, Tesla Loco, la"
           " Desolación, los agentes del episodio 4, la facción Fenris (sus fichas de Influencia son"
           " las mismas) ni Rivales",
           "la búsqueda de Vesna del episodio 3 se juega antes de encontrar a Vesna y a Fenris: ni con"
           " ellos, ni con Tesla, Tesla Loco, la Desolación ni los episodios 1, 4 y 5 aún",
           "owned son las Mejoras del Registro de campaña de un episodio: añade mechmods o infra"),
}


def reason(i):
    return REASONS.get(language(), REASONS["en"])[i]

# The campaign's words in the language in use (English and Spanish): each episode's name and goals
# as the rulebook titles them (story text stays out), the campaign decisions' prompts, the Setup
# Bonuses, the Perks (gap C3: five of the seven are numbered), the Leadership Style's aspects.
# Loaded by what shows a campaign (the laptop's `pomme campaign`, the board's display), never in a
# game.
from firmware.text import language

_EN = {
    "episodes": (("A New Era", "Earn Influence tokens. Win the game."),
                 ("War", "Deploy mechs. Win battles. Win the game."),
                 ("Peace", "Build structures. Win the game."),
                 ("A Plea from Vesna", "Accumulate Influence tokens. Find Vesna. Win the game."),
                 ("Fenris", "Subdue the Fenris agents. Win the game."),
                 ("Factory Fortress",
                  "Get to the Factory and uncover the mystery residing there. Win the game."),
                 ("Annihilation", "Win the game."),
                 ("The Search for Tesla", "Have Encounters to find Tesla. Win the game."),
                 ("A New Era", "Win!"),
                 ("Tesla's Madness", "Win!")),
    "decisions": ("play the episode's game", "Perk for this episode", "a star for any category: which column",
                  "your vote: Influence tokens for War", "tied vote: War or Peace",
                  "Setup Bonus to raise", "Mod drawn", "Mod kept for free", "buy this Mod for $50",
                  "extra Mod: Mech or Infrastructure", "switch faction", "new faction", "home base"),
    "bonuses": ("$1", "1 Power", "1 Popularity"),
    "perks": ("+2 resources", "+1 Worker", "Perk 3", "Perk 4", "Perk 5", "Perk 6", "Perk 7"),
    "columns": ("Upgrades", "Deploy", "Structures", "Enlist", "Workers", "Popularity", "Power", "Objectives",
                "Combat"),
    "aspects": ("Economy", "Governance", "Military"),
    "episode": "Episode %s: %s",
    "goals": "Goals: %s",
    "over": "The campaign is over",
}
_ES = {
    "episodes": (("Una nueva era", "Consigue fichas de Influencia. Gana la partida."),
                 ("Guerra", "Despliega mechs. Gana batallas. Gana la partida."),
                 ("Paz", "Construye estructuras. Gana la partida."),
                 ("La súplica de Vesna", "Acumula fichas de Influencia. Encuentra a Vesna. Gana la partida."),
                 ("Fenris", "Somete a los agentes de Fenris. Gana la partida."),
                 ("La Fábrica fortaleza",
                  "Llega a la Fábrica y descubre el misterio que encierra. Gana la partida."),
                 ("Aniquilación", "Gana la partida."),
                 ("La búsqueda de Tesla", "Ten Encuentros para hallar a Tesla. Gana la partida."),
                 ("Una nueva era", "¡Gana!"),
                 ("La locura de Tesla", "¡Gana!")),
    "decisions": ("jugar la partida del episodio", "Ventaja para este episodio",
                  "una estrella para cualquier categoría: qué columna",
                  "tu voto: fichas de Influencia por la Guerra", "voto empatado: Guerra o Paz",
                  "Bonificación inicial que subir", "Mod robado", "Mod que te quedas gratis",
                  "comprar este Mod por 50 $", "Mod extra: mecánico o de infraestructura",
                  "cambiar de facción", "facción nueva", "base de origen"),
    "bonuses": ("1 $", "1 de Poder", "1 de Popularidad"),
    "perks": ("+2 recursos", "+1 Trabajador", "Ventaja 3", "Ventaja 4", "Ventaja 5", "Ventaja 6",
              "Ventaja 7"),
    "columns": ("Mejoras", "Desplegar", "Estructuras", "Reclutar", "Trabajadores", "Popularidad", "Poder",
                "Objetivos", "Combate"),
    "aspects": ("Economía", "Gobierno", "Ejército"),
    "episode": "Episodio %s: %s",
    "goals": "Objetivos: %s",
    "over": "La campaña ha terminado",
}


def words(key):
    return (_ES if language() == "es" else _EN)[key]

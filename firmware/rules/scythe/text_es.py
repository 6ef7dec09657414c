# Scythe's names in Spanish (merged over the English ones of text.py while Spanish is in use).
# The Spanish edition's terms as far as known: Mover, Comerciar, Producir, Reforzar; Mejorar,
# Desplegar, Construir, Reclutar; meca, personaje, trabajador, carta de combate, encuentro,
# Fábrica (medium confidence: no Spanish rulebook in the sources).
MESSAGES = {
    "kinds": ("", "repartir un tablero de facción", "repartir un tablero de jugador",
              "repartir una carta de objetivo modelo", "qué objetivo se revela",
              "robar la loseta de bonificación de estructuras", "elegir una sección",
              "acción superior", "qué unidad mueve", "adónde", "qué lleva consigo",
              "qué recurso", "en qué territorio", "producir dónde", "pagar desde dónde",
              "acción inferior", "mejorar: qué casilla", "mejorar: qué coste",
              "desplegar qué meca", "desplegar dónde", "construir qué estructura", "construir dónde",
              "reclutar qué recluta", "qué bonificación inmediata", "combate dónde",
              "poder en el dial", "añadir una carta de combate", "¿usar Artillería?",
              "robar una carta de encuentro modelo", "encuentro: un término de la opción", "cuántos",
              "qué carta de Fábrica", "fin de la partida", "fin del turno",
              "retirarse adonde", "carta de encuentro modelo: qué opción",
              "repartir una Loseta de Triunfo",
              "Rivales: una estrella en qué base", "Rivales: de dónde viene la estrella de combate"),
    "hints": ("",) * 34 + ("Retirada: lleva tus unidades del combate a tu base o a un lago iluminado", "",
                           "", "", ""),
    "scythe.status": "Mazo %d, descartes %d. Mano: %d cartas, %d objetivos",
    "scythe.shuffled": "Baraja los descartes en el mazo",
}

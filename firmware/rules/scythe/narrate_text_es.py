# El registro de Scythe en palabras (español): firmware/rules/scythe/narrate.py. Las mismas
# claves que narrate_text.py.
MESSAGES = {
    "seat": "%s (%s)",
    "hex": "hexágono %d (%s)",
    "terrain": ("base", "granja", "aldea", "tundra", "bosque", "montaña", "lago", "Fábrica"),
    "resource": ("petróleo", "metal", "madera", "comida"),
    "bottom": ("Mejorar", "Desplegar", "Construir", "Reclutar"),
    "structure": ("Mina", "Arsenal", "Molino", "Monumento"),   # content.STRUCTURES order
    "upgrade": ("Mover: 3 unidades", "Mover: 2 monedas", "Comerciar: 2 de popularidad",
                "Producir: 3 territorios", "Reforzar: 3 de poder", "Reforzar: 2 cartas"),
    "bonus": ("poder", "monedas", "popularidad", "cartas de combate"),
    "term": ("hecho", "pagar monedas", "pagar popularidad", "pagar poder", "ganar monedas",
             "ganar popularidad", "ganar poder", "ganar cartas de combate", "ganar petróleo",
             "ganar metal", "ganar madera", "ganar comida", "ganar trabajadores", "pagar petróleo",
             "pagar metal", "pagar madera", "pagar comida", "pagar cartas de combate",
             "Mejorar (gratis)", "Desplegar (gratis)", "Construir (gratis)", "Reclutar (gratis)"),
    "top_opts": ("pasar", "hacerla", "su segunda opción"),
    "obj": "revelar un objetivo", "done": "hecho", "stop": "parar aquí",
    "section": "sección %d (%s)", "factory_section": "la carta de Fábrica",
    "factory_card": "carta de Fábrica %d", "objective": "carta de objetivo %d",
    "card": "una carta de combate de %d", "carry": "%d con ella", "mech": "meca %d", "yes": "sí",
    "no": "no",
    "decided": "%s, %s: %s.",
    "secret": "%s marca %s en secreto.",
    "combat": "Combate en %s: %s con %d de poder contra %s con %d; gana %s.",
    "star": "%s gana una estrella (%d nueva, %d en total).",
    "stars": "%s gana estrellas (%d nuevas, %d en total).",
}

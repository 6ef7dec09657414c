# One Spanish glossary for the board, the laptop and the page (docs/spanish.md): every catalogue
# says each term the same way, with its accents, and every question opens with "¿".
import ast
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CATALOGUES = ("firmware/text/es.py", "firmware/rules/scythe/text_es.py", "host_tools/text/es.py",
              "web/i18n.js",
              "firmware/rules/narrate_text_es.py", "firmware/rules/mls/narrate_text_es.py",
              "firmware/rules/scythe/narrate_text_es.py", "firmware/rules/scythe/campaign_text.py")

# The glossary's terms, each found in the catalogues of the board and the laptop.
TERMS = ("Buscador", "campamento base", "ficha de misión", "hechizo mágico", "pasteles", "pelea de tartas",
         "amistad", "trofeo", "No, gracias", "gran final", "Pasteles horneados", "Conjurar hechizo",
         "Encendido", "mosaico de configuración", "Castillo Everfree", "montañas", "dado de búsqueda",
         "dirigible", "bodega")
# Spellings the glossary rules out: a term without its accent, or "tartas" for the pies
# (the rulebook's pies are "pasteles"; "tartas" only in "pelea de tartas").
RULED_OUT = (r"\bmision\b", r"\bmagic[oa]s?\b", r"\bconfiguracion\b", r"\bbusqueda\b", r"\bmontanas\b",
             r"\baccion\b", r"\bopcion\b", r"\bdecision\b", r"\baqui\b", r"\bahi\b", r"\bdemas\b",
             r"\bnumero\b", r"\bultim[oa]\b", r"\bdireccion\b", r"\bversion\b", r"\batencion\b",
             r"\banad(ir|e)\b", r"\bregion\b", r"\bpagina\b", r"\blinea\b", r"(?<!de )\btartas\b")


def _read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def _python_strings(path):
    tree = ast.parse(_read(path))
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _page_strings(path):
    """The string values of the page's Spanish words (the `es: { ... }` block)."""
    text = _read(path)
    block = text[text.index("\n  es: {"):]
    block = block[:block.index("\n  },")]
    return [m.group(1) for m in re.finditer(r':\s*"((?:[^"\\]|\\.)*)"', block)]


def _strings(path):
    return _page_strings(path) if path.endswith(".js") else _python_strings(path)


# catalogue keys and dotted names (not words), left out of the word checks
_KEY = re.compile(r"^[a-z_]+([._][a-z_0-9]+)+$|^@\w+$")


def _words(path):
    return [s for s in _strings(path) if not _KEY.match(s)]


def test_every_term_of_the_glossary_is_used_by_the_board_and_the_laptop():
    board = " ".join(_words("firmware/text/es.py"))
    laptop = " ".join(_words("host_tools/text/es.py"))
    for term in TERMS:
        assert term in board or term in laptop, term
    assert "pasteles" in board and "pasteles" in laptop and "pelea de tartas" in board


def test_no_catalogue_spells_a_term_another_way():
    for path in CATALOGUES:
        for s in _words(path):
            for pattern in RULED_OUT:
                assert not re.search(pattern, s), (path, pattern, s)


def test_every_question_opens_with_an_inverted_question_mark():
    asked = 0
    for path in CATALOGUES:
        for s in _words(path):
            # a question mark after a word or a bracket, at a word's end (not "?lang=es")
            questions = len(re.findall(r"[\w)\]]\?(?=[\s)\"',.]|$)", s))
            assert s.count("\u00bf") >= questions, (path, s)
            asked += questions
    assert asked >= 15, "the catalogues ask fewer questions than they did: the check is void"


def test_the_page_calls_the_pies_pasteles():
    assert "pasteles" in _page_strings("web/i18n.js")

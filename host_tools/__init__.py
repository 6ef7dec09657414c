"""Pomme Board host tools (CPython): CLI, simulator, bots, map generation."""

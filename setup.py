"""The build step pyproject.toml cannot say: the checkout's files that belong to no Python
package go into the wheel too, under host_tools/_shipped/ in the checkout's layout, where
host_tools/resources.py finds them when pomme runs from an installed package. They are what
a board runs as source (boot.py, main.py), the board definitions and pin maps
(hardware/**/*.json), the virtual board's page (web/) and package.json (the npm package the
page needs). The checkout keeps them where they are; MANIFEST.in puts them in the sdist.
Everything else (the packages, found by pattern) is in pyproject.toml."""

import glob
import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED = ["boot.py", "main.py", "package.json", "hardware/**/*.json", "web/**/*"]
INTO = os.path.join("host_tools", "_shipped")


def shipped_files():
    """The files SHIPPED names, by their paths in the checkout (or the unpacked sdist)."""
    found = set()
    for pattern in SHIPPED:
        found.update(p for p in glob.glob(pattern, recursive=True)
                     if os.path.isfile(p) and "__pycache__" not in p.split(os.sep))
    return sorted(found)


class BuildPy(build_py):
    """build_py, then the shipped files copied into the build. An editable install copies
    nothing: pomme finds them in the checkout itself."""

    def run(self):
        if not getattr(self, "editable_mode", False):
            # a module moved or removed since the last build of this checkout must not stay in
            # build/lib, where the wheel would pick it up again
            for top in {p.split(".")[0] for p in self.packages or ()}:
                shutil.rmtree(os.path.join(self.build_lib, top), ignore_errors=True)
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for rel in shipped_files():
            dest = os.path.join(self.build_lib, INTO, rel)
            self.mkpath(os.path.dirname(dest))
            self.copy_file(rel, dest, preserve_mode=False)

    def get_outputs(self, include_bytecode=True):
        out = super().get_outputs(include_bytecode)
        if getattr(self, "editable_mode", False):
            return out
        return out + [os.path.join(self.build_lib, INTO, rel) for rel in shipped_files()]


setup(cmdclass={"build_py": BuildPy})

"""Merge the engine's English messages (messages.ENGLISH) into the Russian catalog engine.po:
`python -m twentyone_edu.locale.engine`, then translate what is new or fuzzy in Poedit."""

from ..messages import ENGLISH, po_path, updated_po


def main() -> None:
    """Write the merged catalog and say how many codes it holds."""
    po_path("ru").write_bytes(updated_po("ru"))
    print(f"{po_path('ru')}: {len(ENGLISH)} codes")


if __name__ == "__main__":
    main()

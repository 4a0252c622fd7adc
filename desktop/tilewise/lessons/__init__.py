"""Lesson packs as data: model, loader and validator, the lesson session, the pack text extractor.

Pure Python; may import ``tilewise.rules``; never imports PySide6.
"""

"""zuzlab: learn, teach and explore railway board games in Jupyter.

Three engines share one protocol (``zuzlab.core``): ``zuzlab.ttr`` (Ticket to Ride on
the USA, Europe and Switzerland boards), ``zuzlab.cardgame`` (Ticket to Ride: The Card
Game) and ``zuzlab.ink`` (Railroad Ink, with the Deep Blue river and lake dice).
``zuzlab.algorithms`` holds the algorithms the lessons teach, ``zuzlab.sim`` plays many
seeded games between bots, ``zuzlab.viz`` and ``zuzlab.widgets`` draw and play the games
in notebooks in English and German (``zuzlab.texts``), and ``zuzlab.lessons`` holds the
lessons' tasks and their checker.

The engines import no plotting, widget or Jupyter library, so they load fast and run
anywhere (the layers: the README, ``tests/test_layers.py``).
"""

__version__ = "0.1.0"

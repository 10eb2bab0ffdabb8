"""zuzlab: learn, teach and explore railway board games in Jupyter.

Engines: ``zuzlab.ttr`` (Ticket to Ride USA). The engines import no plotting or widget
library, so they load fast and run anywhere.
"""

__version__ = "0.1.0"

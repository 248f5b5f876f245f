"""The 3rd-edition (TI3) tactical and transfer actions, played on the engine's shared board.

The seed summary ``content/ti3/action_phase.txt`` is the specification; every
choice, event and refusal cites the anchor of the 3rd-edition item that
decides it (``engine.ti3.anchors``). What both editions truly share comes from
the 4th-edition engine unchanged: the board and codec (``engine.state``,
``engine.codec``), dice, hex adjacency, rolling an attack and taking its hits
(``engine.combat`` with the 3rd edition's own unit table and rules). The
steps themselves are the 3rd edition's own modules:

* ``units`` – the 3rd-edition unit table, naming its published sources;
  ``anchors`` – the item anchors cited; ``board`` – queries in 3rd-edition
  terms (fleet supply, PDS range, enemy territory).
* ``actions`` – choosing the tactical or transfer action and activating;
  ``movement`` – moving ships (and probing); ``pds`` – PDS fire;
  ``mines`` – space mines; ``battle`` – the space battle with withdrawals and
  retreats; ``landing`` – planetary landings, bombardment and raze;
  ``invasion`` – invasion combat; ``production`` – producing units;
  ``hits`` – hits waiting for their owner.
* ``flow`` – the dispatcher; ``scenario`` – ``edition: 3`` scenarios;
  ``view`` – what a page draws; ``odds`` – exact odds of a 3rd-edition
  space battle (mines and PDS first) and invasion (bombardment and PDS first).
"""

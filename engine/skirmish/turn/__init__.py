"""The turn (Turn Sequence): deployment (:mod:`.deploy`), the initiative roll
(:mod:`.initiative`), each phase's heroic declarations (:mod:`.heroic`), the phases in
order with movement, shooting and close combat (:mod:`.flow`), victory
(:mod:`.victory`) and what each side sees (:mod:`.views`)."""

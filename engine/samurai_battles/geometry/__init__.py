"""The battlefield's geometry: terrain effects, line of sight, the zones of a unit
(Zone of Control, Defense Zone, Kill Zone) and the side an attack comes from, all on
the shared hex library (``engine.hexgrid``)."""

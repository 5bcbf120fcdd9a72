"""Event-sourced game records: the Game aggregate, the GameRecords
application, state at any step, audit, record files and read models."""

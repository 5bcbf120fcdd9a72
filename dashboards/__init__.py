"""Analytics over read models: queries return rows, pure functions turn rows
into Plotly figures. Never imports Flask (an import-linter contract)."""

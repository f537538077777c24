"""Score sheets: the PDF sheets, the process that renders them, and the totals chart."""

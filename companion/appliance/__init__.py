"""`companion install-service`: the Pi as an appliance (a console service, the board's udev rule, groups)."""

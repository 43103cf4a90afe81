"""Players' absences (ABSENCE, VACATION, BACK; docs/absences.md): `dates` reads when,
`declare` holds the use cases, `calendar` what the deadlines and views need of them."""

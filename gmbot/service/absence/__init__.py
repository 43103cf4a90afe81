"""Players' absences (ABSENCE, VACATION, BACK; docs/absences.md): `dates` reads when,
`declare` holds the use cases. What the deadlines and views need of absences (a deadline
moved past them, who is away, STATUS) is gmbot/service/deadline/absences.py, below the GM's
side that these use cases call."""

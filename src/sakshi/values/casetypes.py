"""The case types of Indian courts, by every common spelling: the data casenos.py reads.

Each type is its label and the spellings that name it; a spelling compares by its compact
form (case, dots, spaces and brackets do not matter: "C.C." is "CC", "W.P.(C)" is "WP(C)").
A type that is not here is still read where the form says it is one ("Award No. 57 of
2022", "SCN 384/2024": casenos.py), compared as written.
"""

from __future__ import annotations

from sakshi.values.tokens import compact, tokenize

__all__ = ["CASE_TYPES", "CC_MEANS", "LONGEST_TYPE", "TYPES", "TYPE_ENDINGS"]

TYPES: dict[str, tuple[str, ...]] = {
    "CC": ("CC", "C.C.", "Calendar Case"),
    "Crl. Comp.": ("Crl. Comp.", "Crl. Complaint", "Criminal Complaint", "Crl.C.", "CrlC",
                   "Complaint Case", "Comp. Case", "C.C. (NI Act)", "Criminal Complaint Case"),
    "MACP": ("MACP", "M.A.C.P.", "MAC Petition", "MACT"),
    # "Cr. No." is how police records in Kerala and Tamil Nadu write a crime number.
    "FIR": ("FIR", "F.I.R.", "First Information Report", "Crime", "Crime Case", "Cr."),
    "O.S.": ("O.S.", "OS", "Original Suit"),
    "C.S.": ("C.S.", "CS", "Civil Suit"),
    "C.S. (Comm)": ("C.S. (Comm)", "CS (Comm)", "CS(COMM)", "C.S. (Comm.)", "Commercial Suit",
                    "Com.S.", "Comm. S.", "Com. Suit", "Comm. Suit", "COMS", "COMMS"),
    "Com. O.S.": ("Com. O.S.", "Com. OS", "Comm. O.S.", "Comm. OS", "COMOS", "O.S. (Comm.)",
                  "OS (Comm)", "O.S.(Com.)", "Commercial Original Suit", "Com. Original Suit"),
    "CS (OS)": ("CS (OS)", "C.S. (O.S.)", "CS(OS)", "Civil Suit (Original Side)"),
    "W.P.(C)": ("W.P.(C)", "WP(C)", "Writ Petition (Civil)", "W.P. (Civil)"),
    "W.P.(Crl.)": ("W.P.(Crl.)", "WP(Crl)", "Writ Petition (Criminal)"),
    "W.P.": ("W.P.", "WP", "Writ Petition"),
    "Crl.A.": ("Crl.A.", "Crl. Appeal", "Criminal Appeal", "CRA"),
    "Bail Appln.": ("Bail Appln.", "Bail Application", "Bail Appl.", "B.A.", "BA"),
    "CMA": ("CMA", "C.M.A.", "Civil Miscellaneous Appeal"),
    "Arb. Pet.": ("Arb. Pet.", "Arb. P.", "Arbitration Petition", "ARBP", "Arb.Pet"),
    "O.M.P.": ("O.M.P.", "OMP"),
    "SLP(C)": ("SLP(C)", "SLP (Civil)", "S.L.P.(C)"),
    "SLP(Crl.)": ("SLP(Crl.)", "SLP (Criminal)", "S.L.P.(Crl.)"),
    "Crl.M.C.": ("Crl.M.C.", "CRL.MC", "Crl. Misc. Case"),
    "Crl.Rev.P.": ("Crl.Rev.P.", "Crl. Revision Petition", "CRL.REV.P"),
    "C.A.": ("C.A.", "Civil Appeal"),
    "RFA": ("RFA", "R.F.A.", "Regular First Appeal"),
    "RSA": ("RSA", "R.S.A.", "Regular Second Appeal"),
    "FAO": ("FAO", "F.A.O."),
    "O.A.": ("O.A.", "OA", "Original Application"),
    "I.A.": ("I.A.", "IA", "Interlocutory Application"),
    "E.P.": ("E.P.", "EP", "Execution Petition"),
    "S.C.": ("S.C.", "Sessions Case"),
    "S.T.": ("S.T.", "Summary Trial"),
    "CP": ("CP", "C.P.", "Company Petition"),
    "CP (IB)": ("CP (IB)", "C.P. (IB)", "CP(IB)"),
    "Consumer Complaint": ("Consumer Complaint", "CC/CPA", "Consumer Case", "C.C. (CPA)"),
    "CRP": ("CRP", "C.R.P.", "Civil Revision Petition", "CRP (NPD)"),
    "MFA": ("MFA", "M.F.A.", "Miscellaneous First Appeal", "Misc. First Appeal"),
    "LPA": ("LPA", "L.P.A.", "Letters Patent Appeal"),
    "Crl.O.P.": ("Crl.O.P.", "Crl. O.P.", "CRLOP", "Criminal Original Petition"),
    "Crl.R.C.": ("Crl.R.C.", "Crl. R.C.", "CRLRC", "Criminal Revision Case"),
    "Crl.Misc.": ("Crl. Misc.", "Crl.M.P.", "Criminal Miscellaneous", "Crl. Misc. Petition"),
    "M.C.": ("M.C.", "MC", "Misc. Case", "Miscellaneous Case"),
    "MVOP": ("MVOP", "M.V.O.P.", "MCOP", "M.C.O.P.", "Motor Vehicle Original Petition"),
    "Execution": ("Execution Case", "Ex. Case", "Ex. P.", "Execution Application"),
    "F.A.": ("F.A.", "First Appeal"),
    "SCN": ("SCN", "S.C.N.", "Show Cause Notice", "Show-Cause Notice"),
}  # fmt: skip
# "CC" stands for a Calendar Case, a Criminal Complaint and (before consumer fora) a
# Consumer Complaint: users write it for all three, so it matches each of them.
CC_MEANS = frozenset({"CC", "Crl. Comp.", "Consumer Complaint"})  # "CC" and one other
CASE_TYPES: dict[str, str] = {
    compact(tokenize(alias), 0, len(tokenize(alias))): label
    for label, aliases in TYPES.items()
    for alias in aliases
}
# Every ending of every spelling's key: a type is read backwards from its number, a token
# at a time, and the reading stops once no spelling ends with what it has.
TYPE_ENDINGS = frozenset(key[cut:] for key in CASE_TYPES for cut in range(len(key)))
LONGEST_TYPE = 10  # tokens of the longest spelling ("C.S. (O.S.)")

"""The words roles.py reads a name's role by, beside the field's role table: relation words
(kin, agents, officers, "counsel for"), counsel's and witnesses' words, and the words that
stand between a relation word and what it governs. Hand-written lists: no maintained
source names these roles.
"""

from __future__ import annotations

from sakshi.values.words import HONORIFICS

__all__ = [
    "AGENTS",
    "AGENT_TITLES",
    "APPEARANCES",
    "COUNSEL_NOUNS",
    "COUNSEL_WORDS",
    "KIN",
    "KIN_NOUNS",
    "OFFICERS",
    "ON_BEHALF",
    "POSSESSIVES",
    "TRANSPARENT",
    "WITNESSES",
]

KIN = ("s/o", "d/o", "w/o", "h/o", "son of", "daughter of", "wife of", "husband of",
       "father of", "mother of", "brother of", "sister of", "widow of", "widower of",
       "grandson of", "granddaughter of", "heir of", "legal heir of", "पुत्र", "पुत्री",
       "पत्नी", "पति", "पिता", "आत्मज", "आत्मजा", "सुपुत्र", "सुपुत्री", "धर्मपत्नी",
       "विधवा")  # fmt: skip
AGENTS = ("represented by", "through", "acting through", "c/o", "care of", "instructed by")
# A counsel's appearance: the party after it is represented, the name before it is counsel.
APPEARANCES = ("appearing for", "appearing on behalf of", "appeared for", "appears for",
               "appeared on behalf of", "appears on behalf of")  # fmt: skip
ON_BEHALF = ("counsel for", "counsel appearing for", "counsel on behalf of", "advocate for",
             "advocates for", "advocate appearing for", "advocate on behalf of", "attorney for",
             "attorneys for", "solicitor for", "solicitors for", "pleader for", "lawyer for",
             "prosecutor for", "on behalf of", "representing", "counsel to",
             *APPEARANCES)  # fmt: skip
# "KC", "QC" and "Esq." follow a barrister's or an attorney's name ("Mr Thornton KC").
# An officer of a party acts for it and is not it ("Mr. X, the Resolution Professional of
# the Corporate Debtor"). A proprietor or a partner is left out: under the NI Act the
# proprietor of the accused firm is the accused.
OFFICERS = ("director of", "managing director of", "resolution professional of",
            "interim resolution professional of", "irp of", "rp of", "liquidator of",
            "official liquidator of", "administrator of", "receiver of", "manager of",
            "authorised signatory of", "authorized signatory of", "officer of",
            "secretary of", "company secretary of", "chairman of", "ceo of", "cfo of",
            "employee of", "trustee of", "promoter of", "shareholder of")  # fmt: skip
# "APP", "PP": an (Assistant) Public Prosecutor, the State's counsel in a criminal court.
COUNSEL_WORDS = ("counsel", "advocate", "adv", "attorney", "solicitor", "barrister",
                 "pleader", "lawyer", "prosecutor", "amicus", "kc", "qc", "esq", "app", "pp",
                 "a.p.p.", "p.p.", "अधिवक्ता", "वकील", "अभियोजक")  # fmt: skip
# The police who investigate and file the charge sheet testify as official witnesses;
# a name after their rank is the officer's, never the accused's.
WITNESSES = ("witness", "eyewitness", "pw", "dw", "cw", "p.w.", "d.w.", "c.w.", "गवाह",
             "साक्षी", "investigating officer", "i.o.", "io", "sho", "s.h.o.", "inspector",
             "sub-inspector", "si", "s.i.", "asi", "a.s.i.", "constable", "dsp", "d.s.p.",
             "उपनिरीक्षक", "निरीक्षक", "थानाधिकारी", "विवेचक")  # fmt: skip
# After a role word and "'s", these make the phrase a relative's or a counsel's.
KIN_NOUNS = frozenset(
    {
        "father", "mother", "son", "daughter", "wife", "husband", "brother", "sister", "uncle",
        "aunt", "nephew", "niece", "cousin", "relative",
    }
)  # fmt: skip
POSSESSIVES = frozenset({"his", "her", "their", "whose"})
COUNSEL_NOUNS = frozenset({"counsel", "advocate", "attorney", "lawyer", "solicitor"})
# Words that do not put a name farther from a role word, and may stand between a relation
# word and the name or role it governs.
TRANSPARENT = HONORIFICS | frozenset(
    {"the", "a", "an", "said", "learned", "ld", "late", "lt", "his", "her", "its", "their"}
)
# Between "represented by" and the representative's name ("represented by its Managing
# Director Mr. X", "through its constituted attorney X").
AGENT_TITLES = frozenset(
    {
        "director", "managing", "proprietor", "partner", "authorised", "authorized",
        "signatory", "officer", "manager", "secretary", "president", "ceo", "cfo", "chairman",
        "power", "of", "attorney", "holder", "gpa", "constituted", "legal", "natural",
        "guardian", "father", "mother", "next", "friend", "sole", "representative", "counsel",
        "advocate",
    }
)  # fmt: skip

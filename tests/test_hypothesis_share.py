"""Each property test runs its profile's share of its own ``max_examples`` (tests/conftest.py):
``CI_FACTOR`` of them under ``ci`` (0.3), all under ``dev``, ``HYPOTHESIS_SOAK_FACTOR`` times as
many under ``soak``. (The second test reads what the first ran: they run in this order, in one
process.)"""

from __future__ import annotations

from conftest import CI_FACTOR, SOAK_FACTOR
from hypothesis import given, settings
from hypothesis import strategies as st

RAN: list[int] = []
OWN = 10


@settings(max_examples=OWN)
@given(st.integers())
def test_a_property_test_runs_examples(n: int) -> None:
    RAN.append(n)


def test_it_ran_its_profile_s_share_of_its_own_max_examples() -> None:
    profile = settings.get_current_profile_name()
    share = {"ci": max(1, round(OWN * CI_FACTOR)), "dev": OWN, "soak": OWN * SOAK_FACTOR}
    assert len(RAN) == share[profile], (profile, len(RAN))

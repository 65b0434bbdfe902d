"""Exact whole numbers too large for int64, computed in int64 modulo a few primes.

A sum of products of whole numbers can be worked out modulo a prime p instead: reduce after
every product and nothing grows past p², which int64 holds when p is below 2^31. Doing it for
several primes whose product exceeds the true result, the Chinese remainder theorem gives the
result back exactly (Garner's method: digit by digit in the mixed radix p₀, p₀p₁, ...). This is
how banker_hands keeps numpy's speed for shoes of many packs, where the sums pass 2^63.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

_WITNESSES = (2, 3, 5, 7, 11, 13, 17)  # enough for a certain answer below 3·10^14


def is_prime(n: int) -> bool:
    """Whether n (below 2^40) is prime, by the Miller–Rabin test with fixed witnesses."""
    if n < 2:
        return False
    for q in _WITNESSES:
        if n % q == 0:
            return n == q
    d, twos = n - 1, 0
    while d % 2 == 0:
        d, twos = d // 2, twos + 1
    for q in _WITNESSES:
        x = pow(q, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(twos - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


@lru_cache(maxsize=16)
def primes_below(bits: int, count: int) -> tuple[int, ...]:
    """The `count` largest primes below 2^bits, largest first."""
    found: list[int] = []
    candidate = 2**bits - 1
    while len(found) < count:
        if is_prime(candidate):
            found.append(candidate)
        candidate -= 2
    return tuple(found)


def primes_for(bound: float, bits: int) -> tuple[int, ...]:
    """Primes below 2^bits whose product exceeds `bound` (a result is at most bound)."""
    count = 1
    while True:
        primes = primes_below(bits, count)
        product = 1
        for p in primes:
            product *= p
        if product > bound:
            return primes
        count += 1


def combine(residues: list[np.ndarray], primes: tuple[int, ...]) -> np.ndarray:
    """The whole numbers 0 ≤ x < Π primes with x ≡ residues[i] (mod primes[i]), as Python ints.

    Garner's method: x = v₀ + v₁p₀ + v₂p₀p₁ + ..., each digit vᵢ < pᵢ found in int64.
    """
    digits: list[np.ndarray] = []
    for i, (r, p) in enumerate(zip(residues, primes, strict=True)):
        partial = np.zeros_like(r)
        radix = 1
        for v, q in zip(digits, primes[:i], strict=False):
            partial = (partial + v * (radix % p)) % p
            radix *= q
        digits.append((r - partial) % p * pow(radix, -1, p) % p)
    whole = np.zeros(residues[0].shape, dtype=object)
    radix = 1
    for v, p in zip(digits, primes, strict=True):
        whole += v.astype(object) * radix
        radix *= p
    return whole

#!/usr/bin/env python3
"""Reference for TrackPipe's track-smoother core (GaussMarkovSmootherCore), computed independently with numpy.

The model (state [pE, vE, bE, pN, vN, bN], metres and m/s): constant velocity with white acceleration q per axis,
a first-order Gauss-Markov position error b (sigma_b, tau), position fixes measuring p + b, Doppler velocity
measuring v, a speed s without course measuring |v| (linearised at the current estimate; below 0.5 m/s, where the
direction is unknown, each axis measured as 0 with variance s^2/2 + the velocity noise), a stop measuring v = 0. Scalar measurements are applied one after another in the order east position, north
position, then velocity (east, north) or speed or the two stop components -- the same order as the Swift code.
Forward filter, then Rauch-Tung-Striebel: C = P_k Phi^T inv(P-_{k+1}) with numpy's matrix inverse.

Writes case.json: the measurements (input) and the smoothed means and position variances (expected).
Run: python3 make_reference.py  (numpy 2.x; used only to make test data, never at run time)
"""
import json, math
import numpy as np

rng = np.random.default_rng(20261125)
q, sigma_b, tau = 0.1, 3.0, 30.0
r_vel, r_stop = 0.2 ** 2, 0.05 ** 2
p0, v0 = 1000.0 ** 2, 10.0 ** 2

# A 120-fix run at 1 Hz (one 2-s step): east at 3 m/s, a right-angle turn north at fix 50, a stop at fixes
# 90-99, then on. Fixes 0-59 carry speed and course, 60-89 and 100-102 (starting off from the stop) speed only,
# 103-119 nothing.
meas = []
t, e, n = 0.0, 0.0, 0.0
bE = bN = 0.0
for k in range(120):
    if k > 0:
        dt = 2.0 if k == 30 else 1.0
        t += dt
        ve, vn = (3.0, 0.0) if k <= 50 else ((0.0, 0.0) if 90 <= k < 100 else (0.0, 3.0))
        e += ve * dt; n += vn * dt
        a = math.exp(-dt / tau)
        bE = a * bE + rng.normal(0, sigma_b * math.sqrt(1 - a * a))
        bN = a * bN + rng.normal(0, sigma_b * math.sqrt(1 - a * a))
    ve, vn = (3.0, 0.0) if k <= 50 else ((0.0, 0.0) if 90 <= k < 100 else (0.0, 3.0))
    sigma = 0.5 * (1.0 + 0.5 * (k % 3))
    m = {"time": t, "east": e + bE + rng.normal(0, sigma), "north": n + bN + rng.normal(0, sigma),
         "positionVariance": sigma * sigma, "stopped": 90 <= k < 100}
    if k < 60:
        m["velocityEast"] = ve + rng.normal(0, 0.2)
        m["velocityNorth"] = vn + rng.normal(0, 0.2)
    elif k < 90 or 100 <= k < 103:
        m["speed"] = abs(math.hypot(ve, vn) + rng.normal(0, 0.2))
    meas.append(m)

def transition(dt):
    F = np.zeros((6, 6)); Q = np.zeros((6, 6))
    a = math.exp(-dt / tau)
    for o in (0, 3):
        F[o, o] = 1; F[o, o + 1] = dt; F[o + 1, o + 1] = 1; F[o + 2, o + 2] = a
        Q[o, o] = q * dt ** 3 / 3; Q[o, o + 1] = Q[o + 1, o] = q * dt ** 2 / 2; Q[o + 1, o + 1] = q * dt
        Q[o + 2, o + 2] = sigma_b ** 2 * (1 - a * a)
    return F, Q

def scalar_update(x, P, h, z, r, predicted=None):
    h = np.asarray(h, dtype=float)
    ph = P @ h
    s = h @ ph + r
    innovation = z - (h @ x if predicted is None else predicted)
    x = x + ph / s * innovation
    P = P - np.outer(ph, ph) / s
    return x, (P + P.T) / 2

x = np.zeros(6); x[0] = meas[0]["east"]; x[3] = meas[0]["north"]
P = np.diag([p0, v0, sigma_b ** 2, p0, v0, sigma_b ** 2])
xf, Pf, xp, Pp = [], [], [], []
for k, m in enumerate(meas):
    if k > 0:
        F, Q = transition(m["time"] - meas[k - 1]["time"])
        x = F @ x; P = F @ P @ F.T + Q
    xp.append(x.copy()); Pp.append(P.copy())
    x, P = scalar_update(x, P, [1, 0, 1, 0, 0, 0], m["east"], m["positionVariance"])
    x, P = scalar_update(x, P, [0, 0, 0, 1, 0, 1], m["north"], m["positionVariance"])
    if m["stopped"]:
        x, P = scalar_update(x, P, [0, 1, 0, 0, 0, 0], 0.0, r_stop)
        x, P = scalar_update(x, P, [0, 0, 0, 0, 1, 0], 0.0, r_stop)
    elif "velocityEast" in m:
        x, P = scalar_update(x, P, [0, 1, 0, 0, 0, 0], m["velocityEast"], r_vel)
        x, P = scalar_update(x, P, [0, 0, 0, 0, 1, 0], m["velocityNorth"], r_vel)
    elif "speed" in m:
        speed = math.hypot(x[1], x[4])
        if speed >= 0.5:
            x, P = scalar_update(x, P, [0, x[1] / speed, 0, 0, x[4] / speed, 0], m["speed"], r_vel, predicted=speed)
        else:
            x, P = scalar_update(x, P, [0, 1, 0, 0, 0, 0], 0.0, m["speed"] ** 2 / 2 + r_vel)
            x, P = scalar_update(x, P, [0, 0, 0, 0, 1, 0], 0.0, m["speed"] ** 2 / 2 + r_vel)
    xf.append(x.copy()); Pf.append(P.copy())

xs, Ps = xf[-1], Pf[-1]
out = [None] * len(meas)
out[-1] = (xs, Ps)
for k in range(len(meas) - 2, -1, -1):
    F, _ = transition(meas[k + 1]["time"] - meas[k]["time"])
    C = Pf[k] @ F.T @ np.linalg.inv(Pp[k + 1])
    xs = xf[k] + C @ (xs - xp[k + 1])
    Ps = Pf[k] + C @ (Ps - Pp[k + 1]) @ C.T
    out[k] = (xs, Ps)

expected = [{"east": float(s[0]), "north": float(s[3]), "velocityEast": float(s[1]), "velocityNorth": float(s[4]),
             "positionVariance": float((S[0, 0] + S[3, 3]) / 2)} for s, S in out]
model = {"processNoise": q, "errorSigma": sigma_b, "errorTau": tau, "velocityVariance": r_vel, "stopVariance": r_stop,
         "initialPositionVariance": p0, "initialVelocityVariance": v0}
with open("case.json", "w") as f:
    json.dump({"generator": f"make_reference.py, numpy {np.__version__}", "model": model, "measurements": meas,
               "expected": expected}, f, indent=1)

"""Augmentations for the generator's options, applied to training pictures when a caption asks for them.

Each is an honest rendering of the option on a flat emoji: colour grades for warm / cold / black and
white / neon, pixelation for pixel art, posterisation for flat design. Pictures are premultiplied RGBA in
[0, 1], shape [B, 4, H, W]; transparency is kept (pixel art and flat design make its edges hard).
"""
import torch
import torch.nn.functional as F

# The order of the model's style input (services/worker/src/generate/emoji/emoji.styles.ts keeps the same).
STYLES = ["warm", "cold", "black_and_white", "neon", "pixel_art", "flat_design"]
COLOURS = STYLES[:4]


def _straight(x):
    alpha = x[:, 3:4]
    return (x[:, :3] / alpha.clamp(min=1e-3)).clamp(0, 1), alpha


def _premultiplied(rgb, alpha):
    return torch.cat([rgb.clamp(0, 1) * alpha, alpha], 1)


def _luma(rgb):
    return (0.299 * rgb[:, 0:1] + 0.587 * rgb[:, 1:2] + 0.114 * rgb[:, 2:3])


def colour(x, name):
    rgb, alpha = _straight(x)
    if name == "warm":
        rgb = rgb * torch.tensor([1.12, 1.0, 0.78]).view(1, 3, 1, 1) + torch.tensor([0.06, 0.02, 0.0]).view(1, 3, 1, 1)
    elif name == "cold":
        rgb = rgb * torch.tensor([0.8, 0.95, 1.12]).view(1, 3, 1, 1) + torch.tensor([0.0, 0.02, 0.07]).view(1, 3, 1, 1)
    elif name == "black_and_white":
        rgb = _luma(rgb).expand(-1, 3, -1, -1)
        rgb = ((rgb - 0.5) * 1.15 + 0.5)
    elif name == "neon":
        # Saturated magenta-to-cyan duotone over the picture's own light: what "cyberpunk neon" grades to.
        y = _luma(rgb)
        shadow = torch.tensor([0.55, 0.0, 0.75]).view(1, 3, 1, 1)
        light = torch.tensor([0.1, 1.0, 0.95]).view(1, 3, 1, 1)
        duo = shadow * (1 - y) + light * y
        rgb = 0.35 * rgb + 0.65 * duo
    else:
        raise ValueError(name)
    return _premultiplied(rgb, alpha)


def pixelate(x, cells=16):
    small = F.adaptive_avg_pool2d(x, cells)
    rgb, alpha = _straight(small)
    alpha = (alpha > 0.5).float()
    return F.interpolate(_premultiplied(rgb, alpha), size=x.shape[-2:], mode="nearest")


def posterise(x, levels=4):
    rgb, alpha = _straight(x)
    rgb = torch.round(rgb * (levels - 1)) / (levels - 1)
    alpha = (alpha > 0.5).float()
    return _premultiplied(rgb, alpha)


def augment(x, generator, p_colour=0.2, p_pixel=0.07, p_flat=0.07):
    """Applies random options per picture; returns the pictures and their style vectors [B, 6]."""
    b = x.shape[0]
    styles = torch.zeros(b, len(STYLES))
    out = x.clone()
    draws = torch.rand(b, 3, generator=generator)
    picks = torch.randint(len(COLOURS), (b,), generator=generator)
    for i in range(b):
        xi = out[i : i + 1]
        if draws[i, 1] < p_pixel:
            xi = pixelate(xi)
            styles[i, STYLES.index("pixel_art")] = 1
        elif draws[i, 2] < p_flat:
            xi = posterise(xi)
            styles[i, STYLES.index("flat_design")] = 1
        if draws[i, 0] < p_colour:
            name = COLOURS[int(picks[i])]
            xi = colour(xi, name)
            styles[i, STYLES.index(name)] = 1
        out[i : i + 1] = xi
    return out, styles

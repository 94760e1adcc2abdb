"""Pictura Emoji's two networks: a bag-of-words text encoder that reads which concept a prompt names, and a
flow-matching UNet denoiser that draws a concept (a learned embedding per concept, one more for "none", which
classifier-free guidance uses). The two meet only at the concept index, so each trains on its own."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class TextEncoder(nn.Module):
    """Token ids [B, L] (0 pads) → concept logits [B, K + 1]; the last is "nothing it knows".

    A weighted mean of token embeddings: each token also learns how much it says (its weight), so words
    shared by many concepts ("a", "face", "red") count less than the ones that pick a thing ("fox").
    """

    def __init__(self, vocabulary, concepts, token_dim=64, dim=128):
        super().__init__()
        self.embed = nn.Embedding(vocabulary, token_dim, padding_idx=0)
        self.weight = nn.Embedding(vocabulary, 1, padding_idx=0)
        nn.init.normal_(self.embed.weight, std=0.3)
        nn.init.zeros_(self.weight.weight)
        self.mlp = nn.Sequential(nn.Linear(token_dim, 256), nn.GELU(), nn.Linear(256, dim))
        self.head = nn.Linear(dim, concepts + 1)

    def forward(self, ids):
        mask = (ids > 0).float().unsqueeze(-1)
        weights = F.softplus(self.weight(ids)) * mask
        pooled = (self.embed(ids) * weights).sum(1) / weights.sum(1).clamp(min=1e-6)
        features = F.normalize(self.mlp(pooled), dim=-1)
        # A unit vector: scale it so a confident choice among ~1,400 concepts is reachable.
        return self.head(features * 16.0)


def timestep_embedding(t, dim):
    half = dim // 2
    freqs = torch.exp(-math.log(1000.0) * torch.arange(half, dtype=torch.float32) / half)
    args = t[:, None] * 1000.0 * freqs[None]
    return torch.cat([torch.cos(args), torch.sin(args)], dim=-1)


class ResBlock(nn.Module):
    def __init__(self, channels, emb):
        super().__init__()
        self.norm1 = nn.GroupNorm(8, channels)
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1)
        self.norm2 = nn.GroupNorm(8, channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1)
        self.film = nn.Linear(emb, 2 * channels)
        nn.init.zeros_(self.conv2.weight)
        nn.init.zeros_(self.conv2.bias)

    def forward(self, x, emb):
        h = self.conv1(F.silu(self.norm1(x)))
        scale, shift = self.film(emb)[:, :, None, None].chunk(2, 1)
        h = self.norm2(h) * (1 + scale) + shift
        return x + self.conv2(F.silu(h))


class Denoiser(nn.Module):
    """Flow-matching velocity model on 64 px premultiplied RGBA.

    The picture is folded 2×2 into 16 channels (32×32), run through a three-level UNet, and unfolded. The
    concept's embedding and the style vector modulate every block, and the embedding also paints a coarse
    8×8 layout into the bottleneck, which is where the picture's shape is decided.
    """

    def __init__(self, concepts, condition_dim=128, styles=6, channels=(64, 128, 192), emb=256):
        super().__init__()
        c0, c1, c2 = channels
        # Index `concepts` is "no concept": the unconditional branch of classifier-free guidance.
        self.concept = nn.Embedding(concepts + 1, condition_dim)
        nn.init.normal_(self.concept.weight, std=1.0 / math.sqrt(condition_dim))
        self.c2 = c2
        self.time = nn.Sequential(nn.Linear(64, emb), nn.SiLU(), nn.Linear(emb, emb))
        self.cond = nn.Sequential(nn.Linear(condition_dim + styles, emb), nn.SiLU(), nn.Linear(emb, emb))
        self.layout = nn.Linear(condition_dim, c2 * 8 * 8)
        self.inp = nn.Conv2d(16, c0, 3, padding=1)
        self.down0 = ResBlock(c0, emb)
        self.to1 = nn.Conv2d(c0, c1, 3, stride=2, padding=1)
        self.down1 = ResBlock(c1, emb)
        self.to2 = nn.Conv2d(c1, c2, 3, stride=2, padding=1)
        self.mid1 = ResBlock(c2, emb)
        self.mid2 = ResBlock(c2, emb)
        self.from2 = nn.ConvTranspose2d(c2, c1, 2, stride=2)
        self.up1 = ResBlock(c1, emb)
        self.from1 = nn.ConvTranspose2d(c1, c0, 2, stride=2)
        self.up0 = ResBlock(c0, emb)
        self.out_norm = nn.GroupNorm(8, c0)
        self.out = nn.Conv2d(c0, 16, 3, padding=1)

    def forward(self, sample, t, concept, style):
        condition = self.concept(concept) * math.sqrt(self.concept.embedding_dim)
        emb = self.time(timestep_embedding(t, 64)) + self.cond(torch.cat([condition, style], -1))
        emb = F.silu(emb)
        x = F.pixel_unshuffle(sample, 2)
        h0 = self.down0(self.inp(x), emb)
        h1 = self.down1(self.to1(h0), emb)
        h = self.to2(h1) + self.layout(condition).view(-1, self.c2, 8, 8)
        h = self.mid2(self.mid1(h, emb), emb)
        h = self.up1(self.from2(h) + h1, emb)
        h = self.up0(self.from1(h) + h0, emb)
        return F.pixel_shuffle(self.out(F.silu(self.out_norm(h))), 2)

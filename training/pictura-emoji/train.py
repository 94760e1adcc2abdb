"""Trains Pictura Emoji: the text encoder on captions → concepts, and the denoiser (rectified flow with
classifier-free guidance) on pictures of each concept. The two are independent (`--stage text|denoiser`,
default both). Writes checkpoints and the ONNX files (export.py).

  python3 training/pictura-emoji/train.py --dataset .cache/pictura-emoji/dataset --out OUT --minutes 60

Runs on CPU (Debian's python3-torch) or a GPU. `--tiny` trains a few steps of a tiny network, for tests.
"""
import argparse
import json
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from augment import STYLES, augment  # noqa: E402
from export import export_denoiser, export_text_encoder  # noqa: E402
from model import Denoiser, TextEncoder  # noqa: E402


def load_dataset(folder, side):
    with open(os.path.join(folder, "captions.json"), encoding="utf8") as f:
        captions = json.load(f)
    with open(os.path.join(folder, "pictures.json"), encoding="utf8") as f:
        pictures = json.load(f)
    with open(os.path.join(folder, "vocabulary.json"), encoding="utf8") as f:
        vocabulary = json.load(f)
    raw = np.fromfile(os.path.join(folder, f"pictures-{side}.rgba"), dtype=np.uint8)
    images = torch.from_numpy(raw.reshape(len(pictures), side, side, 4).copy()).permute(0, 3, 1, 2).float() / 255
    # Premultiplied alpha: a transparent pixel has no colour, so the model never learns one for it.
    images = torch.cat([images[:, :3] * images[:, 3:4], images[:, 3:4]], 1)
    max_tokens = captions["maxTokens"]
    ids = torch.zeros(len(captions["tokens"]), max_tokens, dtype=torch.long)
    for i, tokens in enumerate(captions["tokens"]):
        ids[i, : len(tokens)] = torch.tensor(tokens[:max_tokens], dtype=torch.long)
    return {
        "ids": ids,
        "caption_concept": torch.tensor(captions["concept"]),
        "specific": torch.tensor(captions["specific"], dtype=torch.bool),
        "images": images,
        "picture_concept": torch.tensor([p["concept"] for p in pictures]),
        "vocabulary": len(vocabulary["tokens"]),
        "tokens": vocabulary["tokens"],
        "language": captions["language"],
        "kind": captions["kind"],
        "concepts": len(vocabulary["concepts"]),
    }


# Words a prompt wraps a name in, per language: articles, counters, "a photo of". Mixed into captions so
# "un cohete" and "一只猫" read as "cohete" and "猫". Multi-character CJK words are tokens of their own.
PROMPT_WORDS = {
    "en": "a an the one two some photo picture of with cute big small little beautiful drawing image",
    "es": "un una el la los las foto de con bonito", "fr": "un une le la les photo de avec joli petit",
    "de": "ein eine einen der die das foto von mit klein", "it": "un una il la lo foto di con bella",
    "pt": "um uma o a os foto de com bonito", "ru": "фото два маленький красивый",
    "zh-CN": "一 只 一只 个 一个 棵 一棵 张 图片 的 可爱", "zh-TW": "一 隻 一隻 個 一個 棵 一棵 張 圖片 的 可愛",
    "ja": "の 一 匹 写真 かわいい", "ko": "한 마리 사진 귀여운", "ar": "صورة جميل", "id": "sebuah seekor satu foto",
    "ms": "sebuah seekor satu gambar", "th": "ตัว หนึ่ง รูป", "vi": "một con quả cái chiếc ảnh",
}


def prompt_word_ids(data):
    lookup = {token: i for i, token in enumerate(data["tokens"])}
    return {
        language: torch.tensor([lookup[w] for w in words.split() if w in lookup] or [0])
        for language, words in PROMPT_WORDS.items()
    }


def generic_tokens(data):
    """Tokens in the captions of many concepts ("face", "red", "un"): alone they name nothing. A token that is
    a whole name ("cat", "猫": many cat faces share it, yet it names the cat) is never counted as generic."""
    min_concepts = max(2, min(12, data["concepts"] // 3))
    names = set()
    for ids, kind in zip(data["ids"].tolist(), data["kind"]):
        if kind == "name":
            words = [t for t in ids if t]
            if len(words) == 1:
                names.add(words[0])
    seen = {}
    for ids, concept in zip(data["ids"].tolist(), data["caption_concept"].tolist()):
        for token in set(ids):
            if token and token not in names:
                seen.setdefault(token, set()).add(concept)
    return torch.tensor(sorted(t for t, concepts in seen.items() if len(concepts) >= min_concepts))


def text_batch(data, generic, wrappers, batch, generator):
    """Captions as prompts: half wrapped in their language's prompt words, some with generic words of other
    captions mixed in (a prompt says more than a name), and one in eight replaced by generic and prompt
    words only, labelled "nothing it knows"."""
    n, length = data["ids"].shape
    nothing = data["concepts"]
    rows = torch.randint(n, (batch,), generator=generator)
    ids = torch.zeros(batch, length + 6, dtype=torch.long)
    ids[:, :length] = data["ids"][rows]
    labels = data["caption_concept"][rows].clone()
    extra = torch.randint(0, 3, (batch,), generator=generator)
    filler = generic[torch.randint(len(generic), (batch, 2), generator=generator)]
    wrap = torch.rand(batch, generator=generator) < 0.5
    picks = torch.randint(1 << 30, (batch, 3), generator=generator)
    for i in range(batch):
        ids[i, length : length + extra[i]] = filler[i, : extra[i]]
        if wrap[i]:
            words = wrappers[data["language"][rows[i]]]
            for k in range(2):
                ids[i, length + 2 + k] = words[picks[i, k] % len(words)]
    empty = torch.rand(batch, generator=generator) < 0.125
    ids[empty] = 0
    ids[empty, :3] = generic[torch.randint(len(generic), (int(empty.sum()), 3), generator=generator)]
    ids[empty, 3] = wrappers["en"][picks[empty, 2] % len(wrappers["en"])]
    labels[empty] = nothing
    return ids, labels


def train_text_encoder(data, args, generator, log):
    model = TextEncoder(data["vocabulary"], data["concepts"], args.token_dim, args.condition_dim)
    optimiser = torch.optim.Adam(model.parameters(), lr=args.text_lr)
    generic = generic_tokens(data)
    wrappers = prompt_word_ids(data)
    log(f"text encoder: {len(generic)} generic tokens")
    started = time.time()
    for step in range(args.text_steps):
        ids, labels = text_batch(data, generic, wrappers, args.text_batch, generator)
        loss = F.cross_entropy(model(ids), labels)
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        if step % 200 == 0 or step == args.text_steps - 1:
            log(f"text step {step}/{args.text_steps} loss {loss.item():.3f} ({time.time() - started:.0f} s)")
    model.eval()
    n = data["ids"].shape[0]
    with torch.no_grad():
        correct = sum(
            (model(data["ids"][i : i + 4096]).argmax(1) == data["caption_concept"][i : i + 4096]).sum().item()
            for i in range(0, n, 4096)
        )
    log(f"text encoder: {correct / n:.3f} of training captions name their concept")
    return model, correct / n


def train_denoiser(data, args, generator, log, checkpoint):
    device = torch.device(args.device)
    make = lambda: Denoiser(data["concepts"], args.condition_dim, len(STYLES), tuple(args.channels)).to(device)  # noqa: E731
    model, ema = make(), make()
    if args.resume:
        # A second run from a checkpoint (a warm restart of the schedule): both copies start from its EMA.
        model.load_state_dict(torch.load(args.resume, map_location=device)["denoiser"])
        log(f"denoiser: resumed from {args.resume}")
    ema.load_state_dict(model.state_dict())
    for p in ema.parameters():
        p.requires_grad_(False)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.0)
    log(f"denoiser: {sum(p.numel() for p in model.parameters()) / 1e6:.2f} M parameters")

    by_concept = [[] for _ in range(data["concepts"])]
    for i, c in enumerate(data["picture_concept"].tolist()):
        by_concept[c].append(i)
    nothing = data["concepts"]

    # With --minutes the schedule runs on the clock (progress = time used / time given), so a machine busy
    # with other work still ends its learning-rate decay exactly when the time is up.
    budget = args.minutes * 60
    started = time.time()
    step = 0
    last_save = time.time()
    while True:
        elapsed = time.time() - started
        progress = elapsed / budget if budget else step / args.steps
        if progress >= 1:
            break
        warmup = min(1.0, (step + 1) / 100)
        for group in optimiser.param_groups:
            group["lr"] = args.lr * warmup * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * progress)))

        # Every concept equally often; a random picture of it (skin tones vary).
        concepts = torch.randint(data["concepts"], (args.batch,), generator=generator)
        pictures = torch.tensor(
            [by_concept[c][torch.randint(len(by_concept[c]), (1,), generator=generator).item()] for c in concepts.tolist()]
        )
        x1, style = augment(data["images"][pictures], generator)
        x1 = x1 * 2 - 1
        # Classifier-free guidance: one picture in ten learns to draw without a concept.
        unconditional = torch.rand(args.batch, generator=generator) < 0.1
        concepts = torch.where(unconditional, torch.full_like(concepts, nothing), concepts)
        noise = torch.randn(x1.shape, generator=generator)
        # Logit-normal times (as in SD3): most learning where the picture takes shape.
        t = torch.sigmoid(torch.randn(args.batch, generator=generator))
        # Batches are made on the CPU (same random stream on any machine), then moved to the device.
        x1, style, concepts, noise, t = (v.to(device) for v in (x1, style, concepts, noise, t))
        xt = t.view(-1, 1, 1, 1) * x1 + (1 - t.view(-1, 1, 1, 1)) * noise
        loss = F.mse_loss(model(xt, t, concepts, style), x1 - noise)
        optimiser.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimiser.step()
        decay = min(args.ema, (1 + step) / (10 + step))
        with torch.no_grad():
            for e, p in zip(ema.parameters(), model.parameters()):
                e.mul_(decay).add_(p.detach(), alpha=1 - decay)
        if step % 50 == 0:
            log(f"denoiser step {step} ({progress:.0%}) loss {loss.item():.4f} lr {optimiser.param_groups[0]['lr']:.2e} ({time.time() - started:.0f} s)")
        step += 1
        if time.time() - last_save > args.save_every * 60:
            checkpoint(ema, step)
            last_save = time.time()
    return ema, step, time.time() - started


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--dataset", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--minutes", type=float, default=0, help="train the denoiser for this long")
    parser.add_argument("--steps", type=int, default=4000, help="denoiser steps when --minutes is 0")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--lr", type=float, default=1.5e-3)
    parser.add_argument("--ema", type=float, default=0.998)
    parser.add_argument("--channels", type=int, nargs=3, default=[64, 128, 192])
    parser.add_argument("--token-dim", type=int, default=64)
    parser.add_argument("--condition-dim", type=int, default=128)
    parser.add_argument("--text-steps", type=int, default=2500)
    parser.add_argument("--text-batch", type=int, default=512)
    parser.add_argument("--text-lr", type=float, default=3e-3)
    parser.add_argument("--save-every", type=float, default=5, help="minutes between checkpoints")
    parser.add_argument("--seed", type=int, default=20261126)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--stage", choices=["all", "text", "denoiser"], default="all")
    parser.add_argument("--resume", help="denoiser.pt of an earlier run to continue from")
    parser.add_argument("--tiny", action="store_true", help="a few steps of a tiny network (tests)")
    args = parser.parse_args(argv)
    if args.tiny:
        args.steps, args.text_steps, args.batch, args.channels = 3, 20, 4, [16, 16, 16]
        args.minutes = 0
    # Debian's torch starts with one thread: use every core unless told otherwise.
    torch.set_num_threads(args.threads or os.cpu_count() or 1)
    torch.manual_seed(args.seed)
    generator = torch.Generator().manual_seed(args.seed)
    os.makedirs(args.out, exist_ok=True)
    log_file = open(os.path.join(args.out, "train.log"), "a", encoding="utf8")

    def log(message):
        print(message, flush=True)
        log_file.write(message + "\n")
        log_file.flush()

    data = load_dataset(args.dataset, 64)
    log(f"dataset: {data['images'].shape[0]} pictures, {data['concepts']} concepts, {data['ids'].shape[0]} captions, {data['vocabulary']} tokens")
    facts_file = os.path.join(args.out, "training.json")
    facts = json.load(open(facts_file, encoding="utf8")) if os.path.exists(facts_file) else {}
    facts.update({"seed": args.seed, "hardware": f"{torch.cuda.get_device_name() if args.device.startswith('cuda') else 'CPU'}, {torch.get_num_threads()} threads, torch {torch.__version__}"})

    if args.stage in ("all", "text"):
        started = time.time()
        encoder, accuracy = train_text_encoder(data, args, generator, log)
        export_text_encoder(encoder, args.dataset, args.out, data["vocabulary"])
        facts["text"] = {"steps": args.text_steps, "batch": args.text_batch, "trainingAccuracy": round(accuracy, 4), "seconds": round(time.time() - started)}

    if args.stage in ("all", "denoiser"):
        def checkpoint(ema, step):
            torch.save({"denoiser": ema.state_dict(), "step": step, "args": vars(args)}, os.path.join(args.out, "denoiser.pt"))
            # Exported from a CPU copy, so training on a GPU goes on undisturbed.
            exported = Denoiser(data["concepts"], args.condition_dim, len(STYLES), tuple(args.channels))
            exported.load_state_dict({k: v.cpu() for k, v in ema.state_dict().items()})
            export_denoiser(exported, args.out)
            log(f"checkpoint at step {step}")

        denoiser, steps, seconds = train_denoiser(data, args, generator, log, checkpoint)
        checkpoint(denoiser, steps)
        run = {"steps": steps, "minutes": args.minutes, "lr": args.lr, "seconds": round(seconds)}
        earlier = facts.get("denoiser", {}) if args.resume else {}
        runs = earlier.get("runs", [])
        facts["denoiser"] = {
            "runs": runs + [run],
            "totalSteps": sum(r["steps"] or 0 for r in runs + [run]),
            "batch": args.batch,
            "channels": args.channels,
            "ema": args.ema,
        }

    with open(facts_file, "w", encoding="utf8") as f:
        json.dump(facts, f, indent=2)
    log(json.dumps(facts))


if __name__ == "__main__":
    main()

"""Exports Pictura Emoji's networks to ONNX for the worker (onnxruntime), with the vocabulary beside them.

- text-encoder.onnx: token_ids int64 [1, L] (0 pads) → concept_logits [1, K + 1] (the last: nothing known)
- denoiser.onnx: sample [B, 4, 64, 64], t [B], concept int64 [B] (K: none), style [B, 6] → velocity
"""
import os
import shutil

import torch

OPSET = 17


def export_text_encoder(encoder, dataset, out, vocabulary_size):
    encoder.eval()
    torch.onnx.export(
        encoder,
        (torch.randint(1, vocabulary_size, (1, 5)),),
        os.path.join(out, "text-encoder.onnx"),
        input_names=["token_ids"],
        output_names=["concept_logits"],
        dynamic_axes={"token_ids": {1: "tokens"}},
        opset_version=OPSET,
    )
    shutil.copyfile(os.path.join(dataset, "vocabulary.json"), os.path.join(out, "vocabulary.json"))


def export_denoiser(denoiser, out):
    denoiser.eval()
    styles = denoiser.cond[0].in_features - denoiser.concept.embedding_dim
    inputs = (torch.randn(2, 4, 64, 64), torch.rand(2), torch.zeros(2, dtype=torch.long), torch.zeros(2, styles))
    torch.onnx.export(
        denoiser,
        inputs,
        os.path.join(out, "denoiser.onnx"),
        input_names=["sample", "t", "concept", "style"],
        output_names=["velocity"],
        dynamic_axes={name: {0: "batch"} for name in ["sample", "t", "concept", "style", "velocity"]},
        opset_version=OPSET,
    )

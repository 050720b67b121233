#!/usr/bin/env bash
# The fast notebook tests again under other CPU kernel paths, so that a tolerance that holds only on this CPU fails
# here and not on a user's machine. torch picks its own vectorized kernels by ATEN_CPU_CAPABILITY and oneDNN its
# convolutions by ONEDNN_MAX_CPU_ISA; each path below changes float results on a CPU with AVX-512 (the probe prints
# one number per path: when all agree, the extra runs test nothing here, and it says so).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.venv/bin
paths=("ATEN_CPU_CAPABILITY=default ONEDNN_MAX_CPU_ISA=AVX2")  # valid on every CPU: a cap, and the scalar kernels
if [ "$($bin/python -c 'import torch; print(torch.backends.cpu.get_cpu_capability())')" = AVX512 ]; then
  paths+=("ATEN_CPU_CAPABILITY=avx2")  # alone: torch's AVX2 kernels beside oneDNN's own choice
fi
$bin/python tools/kernel_probe.py "${paths[@]}"
for p in "${paths[@]}"; do
  echo "nbdev_test under $p"
  env $p IN_TEST=1 $bin/nbdev_test --n_workers 2
done

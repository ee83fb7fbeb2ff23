#!/bin/bash
# tavli analyse over an archive as a Slurm job array: task K of N analyses the K-th of N
# shares of the archive's match files and writes its NDJSON to $RESULTS/shard-<task id>.ndjson.
# tavli reads its share from SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT (counted from
# SLURM_ARRAY_TASK_MIN, in steps of SLURM_ARRAY_TASK_STEP), so --array may start anywhere.
#
# Submit (the same ARCHIVE path on every node, e.g. a shared file system):
#   sbatch --export=ALL,ARCHIVE=/data/archive,RESULTS=/data/results deploy/slurm/analyse.sh
# Merge once every task has finished:
#   tavli analyse --merge /data/results/shard-*.ndjson           # ranked per-player table
#   tavli analyse --merge --json /data/results/shard-*.ndjson    # the same as NDJSON
# A task that was preempted or requeued resumes where it stopped (--resume).
# Variables: ARCHIVE (required), RESULTS (default ./results), TAVLI (default tavli on PATH),
# PLIES (default 0).
#
#SBATCH --job-name=tavli-analyse
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=01:00:00
#SBATCH --requeue
#SBATCH --output=tavli-analyse-%A_%a.log

set -euo pipefail
: "${ARCHIVE:?set ARCHIVE to the directory (or file) of match files to analyse}"
: "${SLURM_ARRAY_TASK_ID:?run this script as a Slurm job array (sbatch --array=...)}"
RESULTS="${RESULTS:-results}"
TAVLI="${TAVLI:-tavli}"
PLIES="${PLIES:-0}"

mkdir -p "$RESULTS"
exec "$TAVLI" analyse --shard auto --json --decisions --plies "$PLIES" \
    --jobs "${SLURM_CPUS_PER_TASK:-2}" \
    --output "$RESULTS/shard-$SLURM_ARRAY_TASK_ID.ndjson" --resume \
    "$ARCHIVE"

import { availableParallelism, loadavg } from "node:os";

/**
 * How much busier than its cores the machine is: the 1-minute load average over the cores, at
 * least 1. A test's wall-time bound is multiplied by it, so a run beside another heavy job fails
 * only on work that is slow by construction; on a quiet machine a bound is the bound.
 */
export const loadStretch = (): number => Math.max(1, loadavg()[0] / availableParallelism());

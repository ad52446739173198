import type { Budget } from "@/lib/billing";
import { serializeBudget } from "@/lib/representations/budget";

export const budgetDocument = (budget: Budget) => ({ data: serializeBudget(budget) });

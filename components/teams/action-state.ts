/** What a team form's server action answers: a confirmation or a refusal to show next to the form. */
export type ActionState = { ok?: string; error?: string } | null;

export type FormAction = (previous: ActionState, formData: FormData) => Promise<ActionState>;

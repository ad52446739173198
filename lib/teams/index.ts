export { SANDBOX_TEAM_ID } from "./constants";
export { addMember, createTeam, parseTeamName } from "./create-team";
export { listTeams, resolveTeam, type TeamRef } from "./resolve-team";
export {
  isRole,
  lockTeam,
  memberRequired,
  ownerRequired,
  requireMember,
  requireOwner,
  requireSender,
  ROLES,
  type TeamRole,
  withTeamLocked,
} from "./roles";
export { slugify, MAX_TEAM_NAME_LENGTH } from "./slug";
export { changeRole, leaveTeam, listMembers, ownerEmails, removeMember, type MemberView } from "./members";
export {
  inviteMember,
  listPendingInvitations,
  parseInviteeEmail,
  revokeInvitation,
  RESEND_AFTER_MS,
  type InviteResult,
  type PendingInvitation,
} from "./invitations";
export { acceptInvitation, viewInvitation, type InvitationView } from "./accept-invitation";
export { INVITATION_LIFETIME_MS, invitationUrl } from "./invitation-token";
export { createTeamForUser, listMyTeams, MAX_TEAMS_PER_USER, myTeamsOf, myTeamsSql, type MyTeam } from "./overview";

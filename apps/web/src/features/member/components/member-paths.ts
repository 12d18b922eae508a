import { useLocation } from 'react-router';

/** The staff screens' addresses: under `/app` inside the mobile app, under `/user` elsewhere. */
export function useMemberPaths() {
  const embedded = useLocation().pathname.startsWith('/app/');
  const base = embedded ? '/app/member' : '/user/member';
  return {
    list: embedded ? '/app/member/list' : '/user/member',
    detail: (memberId: number) => `${base}/${memberId}`,
    invite: `${base}/invite`,
    inviteLink: `${base}/invite-link`,
  };
}

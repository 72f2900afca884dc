/**
 * The company's logo (or its initials) on the sign-in page's second step. Fluent's Avatar is a chunk of its own,
 * fetched while the company is looked up (SignInForm), so the first step does without it (issue #18).
 */
import { Avatar } from '@fluentui/react-components';

export default function TenantAvatar({ name, logo }: { name: string; logo: string | null | undefined }) {
  return <Avatar name={name} image={logo ? { src: logo } : undefined} shape="square" color="brand" />;
}

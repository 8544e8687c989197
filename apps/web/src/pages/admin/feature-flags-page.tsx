import { paths } from '../../app/paths';
import { PageContainer } from '../../components/page-container';
import { FeatureFlagsSection } from './feature-flags-section';

/** Feature flags (route: /collection/admin/featureFlags): super administrators change them here. */
export function FeatureFlagsPage() {
  const title = 'Feature flags';
  return (
    <PageContainer title={title} trail={[{ text: 'Administration', href: paths.adminHome }]}>
      <FeatureFlagsSection />
    </PageContainer>
  );
}

import { paths } from '../../app/paths';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { PageContainer } from '../../components/page-container';
import { FeatureFlagsSection } from './feature-flags-section';

/** Feature flags (route: /collection/admin/featureFlags): super administrators change them here. */
export function FeatureFlagsPage() {
  const title = 'Feature flags';
  return (
    <PageContainer
      title={title}
      breadcrumbs={
        <Breadcrumbs items={[{ text: 'Administration', href: paths.adminHome }, { text: title }]} />
      }
    >
      <FeatureFlagsSection />
    </PageContainer>
  );
}

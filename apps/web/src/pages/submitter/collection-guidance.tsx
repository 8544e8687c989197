import { useCollectionGuidance } from '../../api/collection-guidance';
import { Details } from '../../components/details';
import { GuidanceText } from '../../components/guidance-text';
import { InsetText } from '../../components/inset-text';

/**
 * A collection's guidance for its submitters (decision 0025), or nothing when there is none. `inset`
 * on the form page (read before filling in); a closed "Guidance" details on the home, which lists
 * many collections and should stay short.
 */
export function CollectionGuidanceNote({
  collectionId,
  collectionName,
  variant,
}: {
  collectionId: number;
  collectionName: string;
  variant: 'inset' | 'details';
}) {
  const guidance = useCollectionGuidance(collectionId).data?.guidance;
  if (!guidance) return null;
  return <GuidanceBox text={guidance} collectionName={collectionName} variant={variant} />;
}

export function GuidanceBox({
  text,
  collectionName,
  variant,
}: {
  text: string;
  collectionName: string;
  variant: 'inset' | 'details';
}) {
  if (variant === 'details')
    return (
      <Details
        summary={
          <>
            Guidance<span className="nhsuk-u-visually-hidden"> for {collectionName}</span>
          </>
        }
      >
        <GuidanceText text={text} />
      </Details>
    );
  return (
    <InsetText testId="collection-guidance">
      <h2 className="nhsuk-heading-s">Guidance for {collectionName}</h2>
      <GuidanceText text={text} />
    </InsetText>
  );
}

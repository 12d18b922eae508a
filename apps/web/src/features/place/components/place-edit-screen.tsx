import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { toast } from '../../../lib/messages';
import { usePlace } from '../api/place-detail';
import { useSavePlace } from '../api/save-place';
import { PlaceForm } from './place-form';
import { PlaceMissing } from './place-missing';
import { PublicPageCard } from './public-page-card';
import { placeIdFrom, toPlaceInput } from './place-values';

/** `/user/place/edit?id=`. */
export function PlaceEditScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = placeIdFrom(useSearchParams()[0]);
  const place = usePlace(id);
  const save = useSavePlace(id);
  const detail = `/user/place/detail?id=${id}`;

  if (id === null || place.isError) return <PlaceMissing title={t('screen.placeEdit')} error={place.error} />;
  return (
    <>
      <PageHeader title={t('screen.placeEdit')} />
      {place.data ? (
        <>
          <PlaceForm
            key={place.data.updatedAt}
            initialValues={toPlaceInput(place.data)}
            submitLabel={t('places.action.save')}
            onCancel={() => void navigate(detail)}
            onSubmit={(input) =>
              save.mutate(input, {
                onSuccess: () => {
                  toast.success(t('places.saved'));
                  void navigate(detail, { replace: true });
                },
              })
            }
          />
          <PublicPageCard placeId={place.data.id} placeTitle={place.data.title} />
        </>
      ) : (
        <Card loading />
      )}
    </>
  );
}

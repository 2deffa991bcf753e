R="node --import tsx notes/scripts/ghinitaKl.ts"
V=gray,gray:order=support,gray:order=token,gray:order=input,gray:order=support-asc,gray:order=all-support,gray:a=2,gray:a=4,gray:a=16,gray:skip=0,rcm,rcm:a=4,nn,nn:order=random,nn:order=gray,lsh
for D in BMS1 BMS2; do
$R --data $D --seeds 1-5 --ps 4,10,20 --queries 2000 --methods $V > .tmp/out/$(echo $D | tr A-Z a-z)-variants.txt
for RR in 2 8; do $R --data $D --seeds 1-5 --ps 4,10,20 --queries 2000 --r $RR --methods gray,rcm,nn,lsh > .tmp/out/$(echo $D | tr A-Z a-z)-r$RR.txt; done
for MM in 5 20; do $R --data $D --seeds 1-5 --ps 10 --queries 2000 --m $MM --methods gray,rcm,nn,lsh > .tmp/out/$(echo $D | tr A-Z a-z)-m$MM.txt; done
done

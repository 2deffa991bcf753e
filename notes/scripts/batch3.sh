R="node --import tsx notes/scripts/ghinitaKl.ts"
V=gray,nn,nn:generic=1,nn:ties=random,nn:after=1,nn:score=hamming-all:after=1,nn:score=hamming-all:ties=random
for D in BMS1 BMS2; do
$R --data $D --seeds 1-5 --ps 4,10,20 --queries 2000 --methods $V > .tmp/out/$(echo $D | tr A-Z a-z)-nnlit.txt
done
for D in BMS1 BMS2; do
$R --data $D --seeds 1-20 --ps 4,10,20 --queries 2000 --methods gray,rcm,nn,lsh --perquery 1 --json .tmp/out/pq-$(echo $D | tr A-Z a-z).json > .tmp/out/$(echo $D | tr A-Z a-z)-20seeds.txt
done

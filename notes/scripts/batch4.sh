R="node --import tsx notes/scripts/ghinitaKl.ts"
$R --data BMS1 --seeds 1-20 --ps 4,10,20 --queries 2000 --methods gray,rcm,nn,lsh --perquery 1 --json .tmp/out/pq-bms1.json > .tmp/out/bms1-20seeds.txt
for D in BMS1 BMS2; do
$R --data $D --seeds 1-5 --ps 4,10,20 --queries 2000 --methods gray,rcm,nn,lsh,nn:after=1,nn:after=chosen,nn:score=hamming-all:after=1 > .tmp/out/$(echo $D | tr A-Z a-z)-nnafter.txt
done
